/** A shop's platform as a small coloured mark and its name (the platforms' own brand colours). */
import { CHANNEL_NAMES, type Channel } from '@dropship/contract';
import { Tag } from 'antd';

const MARKS: Record<Channel, { text: string; color: string }> = {
  TAOBAO: { text: '淘', color: '#ff5000' },
  JD: { text: '京', color: '#e1251b' },
  PDD: { text: '拼', color: '#e02e24' },
  TIKTOK: { text: '抖', color: '#111111' },
  WEIDIAN: { text: '微', color: '#f23030' },
  KUAISHOU: { text: '快', color: '#ff4906' },
  REDBOOK: { text: '红', color: '#ff2442' },
  KM: { text: '麦', color: '#1677ff' },
  WDT: { text: '旺', color: '#2f54eb' },
  OTHER: { text: '其', color: '#8c8c8c' },
};

export function ChannelTag({ channel }: { channel: Channel }) {
  const m = MARKS[channel] ?? MARKS.OTHER;
  return (
    <Tag color={m.color} style={{ marginInlineEnd: 0 }} title={CHANNEL_NAMES[channel]}>
      <b>{m.text}</b> {CHANNEL_NAMES[channel] ?? channel}
    </Tag>
  );
}
