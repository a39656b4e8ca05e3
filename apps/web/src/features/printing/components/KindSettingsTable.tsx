/** Printer and calibration offsets per label kind, edited in place and saved on this computer. */
import { App, Button, InputNumber, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { PRINT_KIND_NAMES, PRINT_KINDS, type PrintKind } from '../label-kinds';
import { printCalibration } from '../print-labels';
import { BROWSER_PRINTER, type KindSettings, kindSettings, OFFSET_LIMIT_MM, readPrintSettings, saveKindSettings } from '../print-settings';

export function KindSettingsTable({ printers }: { printers: string[] }) {
  const { message } = App.useApp();
  const [drafts, setDrafts] = useState(() => {
    const saved = readPrintSettings();
    return Object.fromEntries(PRINT_KINDS.map((k) => [k, kindSettings(k, saved)])) as Record<PrintKind, KindSettings>;
  });
  const [printing, setPrinting] = useState<PrintKind | null>(null);
  const edit = (kind: PrintKind, patch: Partial<KindSettings>) => setDrafts((d) => ({ ...d, [kind]: { ...d[kind], ...patch } }));
  const printerOptions = [{ value: BROWSER_PRINTER, label: '浏览器打印（PDF）' }, ...printers.map((p) => ({ value: p, label: p }))];

  const save = (kind: PrintKind) => {
    saveKindSettings(kind, drafts[kind]);
    message.success(`${PRINT_KIND_NAMES[kind]}设置已保存`);
  };
  const calibrate = async (kind: PrintKind) => {
    // The calibration page must show what the fields say now, so unsaved edits are saved first.
    saveKindSettings(kind, drafts[kind]);
    setPrinting(kind);
    try {
      const r = await printCalibration(kind);
      message.success(r.via === 'clodop' ? '校准页已发送到打印机' : '校准页已生成，请在打印对话框中打印');
    } catch (e) {
      // SPEC.md §8: other print failures are logged, not shown.
      console.warn('[printing] calibration page failed', e);
    } finally {
      setPrinting(null);
    }
  };
  const offset = (kind: PrintKind, axis: 'offsetXMm' | 'offsetYMm', label: string) => (
    <InputNumber
      aria-label={`${PRINT_KIND_NAMES[kind]} ${label}`}
      min={-OFFSET_LIMIT_MM}
      max={OFFSET_LIMIT_MM}
      step={0.1}
      precision={1}
      suffix="mm"
      style={{ width: 110 }}
      value={drafts[kind][axis]}
      onChange={(v) => edit(kind, { [axis]: v ?? 0 })}
    />
  );

  return (
    <Table<{ kind: PrintKind }>
      rowKey="kind"
      pagination={false}
      dataSource={PRINT_KINDS.map((kind) => ({ kind }))}
      columns={[
        { title: '标签', key: 'name', render: (_, { kind }) => PRINT_KIND_NAMES[kind] },
        {
          title: '打印机',
          key: 'printer',
          render: (_, { kind }) => (
            <Select
              aria-label={`${PRINT_KIND_NAMES[kind]} 打印机`}
              style={{ width: 220 }}
              options={printerOptions}
              value={printerOptions.some((o) => o.value === drafts[kind].printer) ? drafts[kind].printer : BROWSER_PRINTER}
              onChange={(printer) => edit(kind, { printer })}
            />
          ),
        },
        { title: '左右偏移(X)', key: 'x', render: (_, { kind }) => offset(kind, 'offsetXMm', 'X偏移') },
        { title: '上下偏移(Y)', key: 'y', render: (_, { kind }) => offset(kind, 'offsetYMm', 'Y偏移') },
        {
          title: '操作',
          key: 'actions',
          render: (_, { kind }) => (
            <Space>
              <Button type="primary" onClick={() => save(kind)} data-testid={`save-${kind}`}>
                保存
              </Button>
              <Button loading={printing === kind} onClick={() => calibrate(kind)} data-testid={`calibrate-${kind}`}>
                打印校准页
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
