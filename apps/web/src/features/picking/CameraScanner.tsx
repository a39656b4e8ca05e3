/**
 * Reads a pick-up tag's barcode (CODE128) or QR code through the phone's back camera with the
 * browser's BarcodeDetector (Chrome on Android; not every browser has it: the caller checks first).
 */
import { Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (opts: { formats: string[] }) => BarcodeDetectorLike;

const detectorCtor = () => (globalThis as unknown as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;

export const cameraScanSupported = () => typeof detectorCtor() === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function';

export function CameraScanner({ onText, onClose }: { onText: (text: string) => void; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState('');
  // The latest callback without restarting the camera on every render of the parent.
  const onTextRef = useRef(onText);
  onTextRef.current = onText;

  useEffect(() => {
    const Ctor = detectorCtor();
    if (!Ctor) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const detector = new Ctor({ formats: ['code_128', 'qr_code', 'ean_13'] });
    const tick = async () => {
      if (stopped || !video.current) return;
      try {
        const found = await detector.detect(video.current);
        const hit = found.find((b) => /\d{12}/.test(b.rawValue));
        if (hit) {
          onTextRef.current(hit.rawValue);
          return;
        }
      } catch {
        // A frame that is not ready yet: try the next one.
      }
      timer = setTimeout(tick, 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void tick();
      })
      .catch(() => setError('无法打开摄像头：请在浏览器设置里允许本网站使用摄像头，或改用扫码枪、手动输入'));
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, []);

  return (
    <Modal open title="摄像头扫码" footer={null} onCancel={onClose} destroyOnHidden width={420}>
      {error ? (
        <Typography.Text type="danger">{error}</Typography.Text>
      ) : (
        <>
          <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8, background: '#000' }} />
          <Typography.Text type="secondary">把拿货标签上的条码放进画面，识别后自动查找</Typography.Text>
        </>
      )}
    </Modal>
  );
}
