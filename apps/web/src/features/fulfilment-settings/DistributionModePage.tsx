/** 供货备货方式配置 (/basicSet/distributionMode): market pickup or own stock, by default and per supplier. */
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { SUPPLY_MODE_NAMES, type SupplyMode } from '@dropship/contract';
import { Button, Form, Radio, Space } from 'antd';
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
