/**
 * 智能识别: paste a receiver as one text (name, phone, address in any order) and the form is filled
 * with what the server found; a part not found is left as it was for the seller to complete.
 */
import type { RecognizedReceiver } from '@dropship/contract';
import { App, Button, Input } from 'antd';
import { useState } from 'react';
import { areaApi } from './api';

export function RecognizeReceiver({ onRecognized }: { onRecognized: (r: RecognizedReceiver) => void }) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  async function run() {
    if (!text.trim()) return;
    setBusy(true);
    try {
      const r = await areaApi.recognize(text);
      onRecognized(r);
      if (!r.district) message.warning('未能识别省市区，请在下面选择');
      else message.success('已识别，请核对');
    } catch (e) {
      message.error(e instanceof Error ? e.message : '识别失败');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, marginBottom: 16 }}>
      <Input.TextArea
        aria-label="粘贴收货信息"
        placeholder="粘贴收货信息，如：张三 13800138000 浙江省杭州市西湖区文三路100号"
        value={text}
        maxLength={500}
        autoSize={{ minRows: 2, maxRows: 4 }}
        onChange={(e) => setText(e.target.value)}
      />
      <Button onClick={() => void run()} loading={busy} disabled={!text.trim()} style={{ alignSelf: 'flex-start' }}>
        智能识别
      </Button>
    </div>
  );
}
