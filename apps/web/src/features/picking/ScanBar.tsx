/**
 * The scanner field: a keyboard-wedge scanner types the 12 digits and Enter into the focused input;
 * the camera button reads a barcode with the browser's BarcodeDetector where it exists.
 */
import { CameraOutlined } from '@ant-design/icons';
import { Button, Input, type InputRef, message, Space } from 'antd';
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { CameraScanner, cameraScanSupported } from './CameraScanner';
import { takeCodeIn } from './mark-input';

export interface ScanBarHandle {
  focus(): void;
}

export const ScanBar = forwardRef<ScanBarHandle, { onCode: (code: string) => void; busy: boolean }>(function ScanBar({ onCode, busy }, ref) {
  const input = useRef<InputRef>(null);
  const [text, setText] = useState('');
  const [camera, setCamera] = useState(false);
  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }), []);

  const submit = (raw: string) => {
    const code = takeCodeIn(raw);
    if (!code) {
      message.warning('拿货码应为12位数字，请重新扫描或输入');
      return;
    }
    setText('');
    onCode(code);
  };

  const openCamera = () => {
    if (!cameraScanSupported()) {
      message.warning('当前浏览器不支持摄像头扫码，请使用扫码枪或手动输入拿货码（可用安卓 Chrome 打开本页）');
      return;
    }
    setCamera(true);
  };

  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          ref={input}
          autoFocus
          size="large"
          inputMode="numeric"
          autoComplete="off"
          allowClear
          placeholder="扫描或输入12位拿货码，回车查找"
          aria-label="拿货码"
          data-testid="picking-scan"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => submit(text)}
          disabled={busy}
          style={{ minHeight: 48, fontSize: 18 }}
        />
        <Button size="large" icon={<CameraOutlined />} onClick={openCamera} style={{ minHeight: 48, minWidth: 56 }} aria-label="摄像头扫码" />
      </Space.Compact>
      {camera && (
        <CameraScanner
          onClose={() => {
            setCamera(false);
            input.current?.focus();
          }}
          onText={(t) => {
            setCamera(false);
            submit(t);
          }}
        />
      )}
    </>
  );
});
