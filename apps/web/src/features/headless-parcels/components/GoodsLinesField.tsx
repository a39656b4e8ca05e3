/** The goods lines of a parcel as the desk types them (title, SKU, 货号, colour, size, quantity), inside an antd Form. */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Space } from 'antd';

export function GoodsLinesField({ name = 'goods' }: { name?: string }) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((f, i) => (
            <Space key={f.key} wrap align="baseline" style={{ marginBottom: 4 }}>
              <Form.Item name={[f.name, 'title']} noStyle>
                <Input aria-label={`商品名称${i + 1}`} placeholder="商品名称" maxLength={60} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'itemNo']} noStyle>
                <Input aria-label={`货号${i + 1}`} placeholder="货号" maxLength={40} style={{ width: 100 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'sku']} noStyle>
                <Input aria-label={`SKU${i + 1}`} placeholder="SKU" maxLength={60} style={{ width: 100 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'color']} noStyle>
                <Input aria-label={`颜色${i + 1}`} placeholder="颜色" maxLength={30} style={{ width: 80 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'size']} noStyle>
                <Input aria-label={`尺码${i + 1}`} placeholder="尺码" maxLength={30} style={{ width: 70 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'quantity']} noStyle initialValue={1}>
                <InputNumber aria-label={`数量${i + 1}`} min={1} max={999} precision={0} style={{ width: 70 }} />
              </Form.Item>
              <MinusCircleOutlined aria-label="删除商品行" onClick={() => remove(f.name)} />
            </Space>
          ))}
          <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>
            添加商品
          </Button>
        </>
      )}
    </Form.List>
  );
}
