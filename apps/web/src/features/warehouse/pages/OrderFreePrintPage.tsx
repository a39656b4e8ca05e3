/**
 * 自由打印 (/print/orderFreePrint): print any label kind for arbitrary rows — a waybill for a parcel
 * that has no order here, backroad or offline tags, headless labels. Copy the header line into Excel,
 * fill the rows, paste them back; the first label previews and all print as one job.
 */
import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Input, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { SvgPreview } from '../../labels-designer/SvgPreview';
import { printLabels } from '../../printing/print-labels';
import { printingApi } from '../../printing/printing-api';
import { FREE_KINDS, type FreeKind, headerLine, parseFreeRows } from '../free-print';

export default function OrderFreePrintPage() {
  const { message } = App.useApp();
  const [kind, setKind] = useState<FreeKind>('waybill');
  const [text, setText] = useState('');
  const [svg, setSvg] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const parsed = useMemo(() => (text.trim() ? parseFreeRows(kind, text, dayjs().format('YYYY-MM-DD HH:mm')) : null), [kind, text]);
  const usable = parsed && parsed.data.length > 0 && parsed.errors.length === 0;

  async function run(what: 'preview' | 'print') {
    if (!parsed || !usable) return;
    setBusy(true);
    try {
      if (what === 'preview') setSvg(await printingApi.renderSvg({ kind, data: parsed.data.slice(0, 1) }));
      else {
        await printLabels({ kind, data: parsed.data });
        message.success(`已发送打印 ${parsed.data.length} 张`);
      }
    } catch (e) {
      message.error(e instanceof Error ? e.message : '系统异常');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <Typography.Title level={4}>自由打印</Typography.Title>
      <Card>
        <Space wrap style={{ marginBottom: 12 }}>
          <span>标签类型</span>
          <Select<FreeKind>
            aria-label="标签类型"
            value={kind}
            style={{ width: 220 }}
            onChange={(k) => {
              setKind(k);
              setSvg(null);
            }}
            options={(Object.keys(FREE_KINDS) as FreeKind[]).map((k) => ({ value: k, label: FREE_KINDS[k].name }))}
          />
          <Button
            icon={<CopyOutlined />}
            onClick={() => {
              void navigator.clipboard?.writeText(headerLine(kind));
              setText((t) => t || `${headerLine(kind)}\n`);
            }}
          >
            复制表头到Excel
          </Button>
        </Space>
        <Typography.Paragraph type="secondary">
          第一行为表头（{headerLine(kind).replaceAll('\t', '、')}），可以只填需要的列、顺序不限；从Excel复制多行直接粘贴到下面，每行打印一张。
        </Typography.Paragraph>
        <Input.TextArea aria-label="打印数据" rows={8} value={text} onChange={(e) => setText(e.target.value)} placeholder={headerLine(kind)} />
        {parsed && parsed.errors.length > 0 && <Alert style={{ marginTop: 12 }} type="error" showIcon message={parsed.errors.join('；')} />}
        <Space style={{ marginTop: 12 }}>
          <Button disabled={!usable} loading={busy} onClick={() => void run('preview')}>
            预览第一张
          </Button>
          <Button type="primary" disabled={!usable} loading={busy} onClick={() => void run('print')}>
            打印{usable ? `（${parsed.data.length}张）` : ''}
          </Button>
        </Space>
      </Card>
      {svg && (
        <Card title="预览" style={{ marginTop: 16 }}>
          <SvgPreview svg={svg} alt="自由打印预览" />
        </Card>
      )}
    </div>
  );
}
