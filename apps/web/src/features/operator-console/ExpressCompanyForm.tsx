/**
 * The dialog of one express company: code (fixed once saved), name, enabled, sort and its rules, one
 * line per province with the default line (province left empty) required. Yuan on screen, fen sent.
 */
import { type ExpressRulesSaveBody, fenToYuan, yuanToFen } from '@dropship/contract';
import { Button, Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
import { normalizePriceInput, priceRule } from '../../lib/price';
import { type CompanyWithRules, sortedRules } from './express-rules';

interface RuleValues {
  province: string;
  firstWeightGrams: number;
  first: string;
  stepWeightGrams: number;
  step: string;
}
interface Values {
  code: string;
  name: string;
  enabled: boolean;
  sort: number;
  rules: RuleValues[];
}

const NEW_RULE: RuleValues = { province: '', firstWeightGrams: 1000, first: '', stepWeightGrams: 1000, step: '' };

function initialOf(c: CompanyWithRules | null): Values {
  if (!c) return { code: '', name: '', enabled: true, sort: 100, rules: [NEW_RULE] };
  return {
    code: c.code,
    name: c.name,
    enabled: c.enabled,
    sort: c.sort,
    rules: sortedRules(c.rules).map((r) => ({ ...r, first: fenToYuan(r.firstFen), step: fenToYuan(r.stepFen) })),
  };
}

const yuanItem = { normalize: normalizePriceInput, rules: [{ required: true, message: '请输入价格' }, priceRule] };

export function ExpressCompanyForm(props: {
  editing: CompanyWithRules | null;
  saving: boolean;
  onSave: (body: ExpressRulesSaveBody) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();

  async function submit() {
    const v = await form.validateFields();
    props.onSave({
      code: v.code.trim(),
      name: v.name.trim(),
      enabled: v.enabled,
      sort: v.sort,
      rules: v.rules.map((r) => ({
        province: (r.province ?? '').trim(),
        firstWeightGrams: r.firstWeightGrams,
        firstFen: yuanToFen(r.first) ?? 0,
        stepWeightGrams: r.stepWeightGrams,
        stepFen: yuanToFen(r.step) ?? 0,
      })),
    });
  }

  return (
    <Modal
      open
      title={props.editing ? `编辑快递公司：${props.editing.name}` : '新增快递公司'}
      okText="保存"
      cancelText="取消"
      onOk={submit}
      confirmLoading={props.saving}
      onCancel={props.onClose}
      width={860}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialOf(props.editing)} preserve={false}>
        <Space wrap align="start">
          <Form.Item
            name="code"
            label="快递公司编码"
            rules={[
              { required: true, whitespace: true, message: '请输入快递公司编码' },
              { pattern: /^[A-Z0-9_]{2,20}$/, message: '编码为2-20位大写字母、数字或下划线' },
            ]}
            extra="大写字母、数字或下划线，如 ZTO"
          >
            <Input disabled={!!props.editing} maxLength={20} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="name" label="快递公司名称" rules={[{ required: true, whitespace: true, message: '请输入快递公司名称' }]}>
            <Input maxLength={20} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="sort" label="排序" rules={[{ required: true, message: '请输入排序' }]} extra="越小越靠前">
            <InputNumber min={0} max={999} precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.List name="rules">
          {(fields, { add, remove }) => (
            <div>
              {fields.map((f) => (
                <Space key={f.key} align="start" wrap>
                  <Form.Item name={[f.name, 'province']} label="收货省份" rules={[{ max: 20, message: '省份不能超过20个字符' }]}>
                    <Input placeholder="留空为默认（其他省份）" style={{ width: 180 }} maxLength={20} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'firstWeightGrams']} label="首重（克）" rules={[{ required: true, message: '请输入首重' }]}>
                    <InputNumber min={1} max={100_000} precision={0} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'first']} label="首重价格（元）" {...yuanItem}>
                    <Input style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'stepWeightGrams']} label="续重单位（克）" rules={[{ required: true, message: '请输入续重单位' }]}>
                    <InputNumber min={1} max={100_000} precision={0} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'step']} label="续重价格（元）" {...yuanItem}>
                    <Input style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item label=" ">
                    <Button type="link" danger disabled={fields.length === 1} onClick={() => remove(f.name)}>
                      删除
                    </Button>
                  </Form.Item>
                </Space>
              ))}
              <Button type="dashed" onClick={() => add({ ...NEW_RULE })} disabled={fields.length >= 40}>
                添加省份规则
              </Button>
            </div>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
