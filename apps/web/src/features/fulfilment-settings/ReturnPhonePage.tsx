/** 店铺退货电话 (/basicSet/returnPhone): the return phone printed for each shop's parcels, a default, and the return address. */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { AddressForm } from './AddressForm';
import { ShopSelect } from './OwnerSelects';
import { SettingForm } from './SettingForm';

export default function ReturnPhonePage() {
  return (
    <SettingForm settingKey="returnPhone" title="店铺退货电话" tabs after={<AddressForm kind="return" title="退货地址（我的收货地址）" />}>
      {() => (
        <>
          <Form.Item name="default" label="默认退货电话">
            <Input aria-label="默认退货电话" style={{ width: 200 }} maxLength={20} />
          </Form.Item>
          <Form.List name="shops">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="start">
                    <Form.Item name={[f.name, 'shopId']} label="店铺" rules={[{ required: true, message: '请选择店铺' }]}>
                      <ShopSelect />
                    </Form.Item>
                    <Form.Item name={[f.name, 'phone']} label="退货电话" rules={[{ required: true, message: '请输入退货电话' }]}>
                      <Input style={{ width: 180 }} maxLength={20} />
                    </Form.Item>
                    <MinusCircleOutlined aria-label="删除该店铺" style={{ marginTop: 38 }} onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Form.Item>
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ phone: '' })}>
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
