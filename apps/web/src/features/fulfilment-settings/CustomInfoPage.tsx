/**
 * 自定义发货信息 (/basicSet/customInfo): the sender printed on the waybill, by default and per
 * shop (empty: the purchaser's warehouse prints its own); and the seller's send address.
 */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { AddressForm } from './AddressForm';
import { ShopSelect } from './OwnerSelects';
import { SettingForm } from './SettingForm';

const senderFields = (prefix: (string | number)[]) => (
  <>
    <Form.Item name={[...prefix, 'senderName']} label="寄件人">
      <Input style={{ width: 130 }} maxLength={30} />
    </Form.Item>
    <Form.Item name={[...prefix, 'senderPhone']} label="寄件人电话">
      <Input style={{ width: 150 }} maxLength={20} />
    </Form.Item>
    <Form.Item name={[...prefix, 'senderAddress']} label="寄件地址">
      <Input style={{ width: 260 }} maxLength={200} />
    </Form.Item>
  </>
);

export default function CustomInfoPage() {
  return (
    <SettingForm settingKey="customInfo" title="自定义发货信息（打印在面单上）" tabs after={<AddressForm kind="send" title="发货地址" />}>
      {() => (
        <>
          <Space wrap align="start">
            {senderFields(['default'])}
          </Space>
          <Form.List name="shops">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} wrap align="start">
                    <Form.Item name={[f.name, 'shopId']} label="店铺" rules={[{ required: true, message: '请选择店铺' }]}>
                      <ShopSelect />
                    </Form.Item>
                    {senderFields([f.name])}
                    <MinusCircleOutlined aria-label="删除该店铺" style={{ marginTop: 38 }} onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Form.Item>
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ senderName: '', senderPhone: '', senderAddress: '' })}>
                    为店铺单独设置
                  </Button>
                </Form.Item>
              </>
            )}
          </Form.List>
        </>
      )}
    </SettingForm>
  );
}
