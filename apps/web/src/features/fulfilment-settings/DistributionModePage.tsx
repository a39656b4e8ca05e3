/** 供货备货方式配置 (/basicSet/distributionMode): market pickup or own stock, by default and per supplier. */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { SUPPLY_MODE_NAMES, type SupplyMode } from '@dropship/contract';
import { Alert, Button, Form, Radio, Space } from 'antd';
import { SupplierSelect } from './OwnerSelects';
import { SettingForm } from './SettingForm';

const modes = (Object.keys(SUPPLY_MODE_NAMES) as SupplyMode[]).map((k) => (
  <Radio key={k} value={k}>
    {SUPPLY_MODE_NAMES[k]}
  </Radio>
));

export default function DistributionModePage() {
  return (
    <SettingForm settingKey="distributionMode" title="供货备货方式配置">
      {() => (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="市场拿货：付款后由拿货员到档口拿货。自有库存备货：商品已存放在采购商仓库，下单时不收货款（只收运费和服务费），付款后直接记为已拿货，由仓库扫码出库发货，不派拿货员；仓库扫码前仍可取消订单。设置只对之后下单的订单生效。"
          />
          <Form.Item name="defaultMode" label="默认供货方式">
            <Radio.Group>{modes}</Radio.Group>
          </Form.Item>
          <Form.List name="suppliers">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="start">
                    <Form.Item name={[f.name, 'supplierId']} label="供应商" rules={[{ required: true, message: '请选择供应商' }]}>
                      <SupplierSelect />
                    </Form.Item>
                    <Form.Item name={[f.name, 'mode']} label="供货方式">
                      <Radio.Group>{modes}</Radio.Group>
                    </Form.Item>
                    <MinusCircleOutlined aria-label="删除该供应商" style={{ marginTop: 38 }} onClick={() => remove(f.name)} />
                  </Space>
                ))}
                <Form.Item>
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ mode: 'OWN_STOCK' })}>
                    为供应商单独设置
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
