/**
 * The lines of an offline order (pickup or return): stall, 货号, color, size, quantity, unit price in
 * yuan. Lives inside the caller's Form under the field `lines`; `toLineInputs` turns the values into
 * the contract's lines (price in fen).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type OfflineLineInput, yuanToFen } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { normalizePriceInput, priceRule } from '../../../lib/price';
import { offlineApi, offlineKeys } from '../api';

export interface LineValues {
  supplierId?: number;
  artNo?: string;
  color?: string;
  size?: string;
  quantity?: number;
  unitPrice?: string;
}

export const EMPTY_LINE: LineValues = { quantity: 1 };

export function toLineInputs(lines: LineValues[]): OfflineLineInput[] {
  return lines.map((l) => ({
    supplierId: l.supplierId as number,
    artNo: l.artNo ?? '',
    color: l.color ?? '',
    size: l.size ?? '',
    quantity: l.quantity as number,
    unitPriceFen: yuanToFen(l.unitPrice ?? '') ?? 0,
  }));
}

export function LinesEditor() {
  const suppliers = useQuery({ queryKey: offlineKeys.suppliers(), queryFn: offlineApi.suppliers });
  const options = (suppliers.data ?? []).map((s) => ({ value: s.id, label: s.stallText ? `${s.name}（${s.stallText}）` : s.name }));
  return (
    <Form.List name="lines">
      {(fields, { add, remove }) => (
        <div>
          {fields.map((f, i) => (
            <Space key={f.key} align="start" wrap data-testid={`offline-line-${i}`}>
              <Form.Item name={[f.name, 'supplierId']} rules={[{ required: true, message: '请选择档口' }]}>
                <Select
                  aria-label={`第${i + 1}行档口`}
                  placeholder="档口"
                  style={{ width: 220 }}
                  showSearch
                  optionFilterProp="label"
                  options={options}
                  loading={suppliers.isLoading}
                  notFoundContent="没有可选的档口，请先在供应商管理中添加"
                />
              </Form.Item>
              <Form.Item name={[f.name, 'artNo']} rules={[{ required: true, whitespace: true, message: '请输入货号' }]}>
                <Input aria-label={`第${i + 1}行货号`} placeholder="货号" maxLength={60} style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'color']}>
                <Input aria-label={`第${i + 1}行颜色`} placeholder="颜色" maxLength={30} style={{ width: 90 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'size']}>
                <Input aria-label={`第${i + 1}行尺码`} placeholder="尺码" maxLength={30} style={{ width: 80 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'quantity']} rules={[{ required: true, message: '请输入数量' }]}>
                <InputNumber aria-label={`第${i + 1}行数量`} placeholder="数量" min={1} max={999} precision={0} style={{ width: 90 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'unitPrice']} normalize={normalizePriceInput} rules={[{ required: true, message: '请输入单价' }, priceRule]}>
                <Input aria-label={`第${i + 1}行单价`} placeholder="单价" prefix="¥" style={{ width: 110 }} />
              </Form.Item>
              {fields.length > 1 && <Button aria-label={`删除第${i + 1}行`} icon={<DeleteOutlined />} onClick={() => remove(f.name)} />}
            </Space>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({ ...EMPTY_LINE })} disabled={fields.length >= 200}>
            添加一行
          </Button>
        </div>
      )}
    </Form.List>
  );
}
