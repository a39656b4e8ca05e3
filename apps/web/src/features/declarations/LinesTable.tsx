/** The editable lines of a declaration; a line's problems (from the check call) show under it in red. */
import { DeleteOutlined } from '@ant-design/icons';
import type { DeclarationDelivery } from '@dropship/contract';
import { Button, Input, Table, type TableColumnsType, Typography } from 'antd';
import type { EditLine } from './declaration-lines';

interface Props {
  lines: EditLine[];
  delivery: DeclarationDelivery;
  problems: Map<string, string[]>;
  onChange(lines: EditLine[]): void;
}

type Field = Exclude<keyof EditLine, 'key'>;
const BASE: [Field, string, number][] = [
  ['stall', '档口（编码或名称）', 150],
  ['artNo', '货号', 110],
  ['color', '颜色', 80],
  ['size', '尺码', 70],
  ['quantity', '数量', 70],
  ['price', '单价（元）', 90],
];
const RECEIVER: [Field, string, number][] = [
  ['name', '收货人', 90],
  ['phone', '手机号', 120],
  ['province', '省', 90],
  ['city', '市', 90],
  ['district', '区县', 90],
  ['address', '详细地址', 180],
];

export function LinesTable({ lines, delivery, problems, onChange }: Props) {
  const set = (key: string, field: Field, value: string) => onChange(lines.map((l) => (l.key === key ? { ...l, [field]: value } : l)));
  const fields = delivery === 'RECEIVER' ? [...BASE, ...RECEIVER] : BASE;
  const columns: TableColumnsType<EditLine> = [
    { title: '行', key: 'no', width: 50, render: (_: unknown, _l: EditLine, i: number) => i + 1 },
    ...fields.map(([field, title, width]) => ({
      title,
      key: field,
      width,
      render: (_: unknown, l: EditLine, i: number) => (
        <Input size="small" aria-label={`第${i + 1}行${title}`} value={l[field]} onChange={(e) => set(l.key, field, e.target.value)} />
      ),
    })),
    {
      title: '操作',
      key: 'op',
      width: 60,
      render: (_: unknown, l: EditLine) => (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          aria-label="删除该行"
          onClick={() => onChange(lines.filter((x) => x.key !== l.key))}
        />
      ),
    },
  ];
  return (
    <Table<EditLine>
      rowKey="key"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={lines}
      columns={columns}
      expandable={{
        showExpandColumn: false,
        expandedRowKeys: lines.filter((l) => problems.has(l.key)).map((l) => l.key),
        expandedRowRender: (l) => <Typography.Text type="danger">{problems.get(l.key)?.join('；')}</Typography.Text>,
      }}
    />
  );
}
