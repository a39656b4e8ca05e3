/**
 * 手工报单 (/order/orderCollect): type or paste (from Excel) the goods to have picked, choose where
 * they go, check them line by line, save as a draft (我的报单) or submit and pay at once. ?id=
 * opens a draft for editing.
 */
import { PlusOutlined } from '@ant-design/icons';
import { DECLARATION_DELIVERY_NAMES, type DeclarationDelivery, type DeclarationSaveBody } from '@dropship/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Radio, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { positiveInt, useUrlParams } from '../../lib/list-page';
import { dropshipApi } from '../dropship-orders/api';
import { PayDialog, type PayTarget } from '../dropship-orders/components/PayDialog';
import { declarationApi, declarationKeys } from './api';
import { type EditLine, emptyLine, fromDetail, parsePasted, toInput } from './declaration-lines';
import { LinesTable } from './LinesTable';

/** The draft being edited; saving a new one puts its id here in place of the address without it. */
const PARAMS = { id: positiveInt() };

export default function OrderCollectPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [{ id }, setParams] = useUrlParams(PARAMS, { replace: true });
  const [delivery, setDelivery] = useState<DeclarationDelivery>('RECEIVER');
  const [expressCode, setExpressCode] = useState<string>('');
  const [remark, setRemark] = useState('');
  const [lines, setLines] = useState<EditLine[]>([emptyLine()]);
  const [problems, setProblems] = useState(new Map<string, string[]>());
  const [pasting, setPasting] = useState<string | null>(null);
  const [paying, setPaying] = useState<PayTarget[] | null>(null);
  const express = useQuery({ queryKey: ['declarations', 'express'], queryFn: () => dropshipApi.express(), staleTime: 60_000 });
  const draft = useQuery({ queryKey: declarationKeys.detail(id ?? 0), queryFn: () => declarationApi.detail(id as number), enabled: !!id });

  useEffect(() => {
    const d = draft.data;
    if (!d) return;
    setDelivery(d.delivery);
    setExpressCode(d.expressCode ?? '');
    setRemark(d.remark);
    setLines(d.lines.map(fromDetail));
  }, [draft.data]);

  const body = (): DeclarationSaveBody => ({
    ...(id ? { id } : {}),
    delivery,
    ...(delivery !== 'SELF_PICKUP' && expressCode ? { expressCode } : {}),
    remark,
    lines: lines.map((l) => toInput(l, delivery)),
  });

  /** Checks first, so every bad line is marked at once; answers the saved draft or null. */
  const checkAndSave = async () => {
    const checked = await declarationApi.check(body());
    const next = new Map<string, string[]>();
    checked.lines.forEach((c, i) => {
      const key = lines[i]?.key;
      if (key && c.problems.length > 0) next.set(key, c.problems);
    });
    setProblems(next);
    if (!checked.ok) {
      message.error(`${next.size}行有错误，请按红字提示修改`);
      return null;
    }
    const saved = await declarationApi.save(body());
    void qc.invalidateQueries({ queryKey: declarationKeys.all });
    if (!id) setParams({ id: saved.id });
    return saved;
  };

  const save = useMutation({
    mutationFn: checkAndSave,
    onSuccess: (d) => d && message.success(`已保存草稿 ${d.declarationNo}，可在“我的报单”中查看`),
  });
  const submit = useMutation({
    mutationFn: async () => {
      const d = await checkAndSave();
      return d ? declarationApi.submit(d.id) : null;
    },
    onSuccess: (r) => {
      if (!r) return;
      void qc.invalidateQueries({ queryKey: declarationKeys.all });
      message.success(`报单 ${r.declarationNo} 已提交，生成 ${r.orders.length} 个代发订单`);
      setPaying(r.orders);
    },
  });

  return (
    <Card title="手工报单" loading={!!id && draft.isLoading}>
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item label="发货方式">
          <Radio.Group value={delivery} onChange={(e) => setDelivery(e.target.value)}>
            {(Object.keys(DECLARATION_DELIVERY_NAMES) as DeclarationDelivery[]).map((k) => (
              <Radio key={k} value={k}>
                {DECLARATION_DELIVERY_NAMES[k]}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {delivery !== 'SELF_PICKUP' && (
          <Form.Item label="快递">
            <Select
              aria-label="快递"
              style={{ width: 180 }}
              value={expressCode || undefined}
              placeholder="选择快递"
              loading={express.isLoading}
              onChange={setExpressCode}
              options={(express.data ?? []).map((e) => ({ value: e.code, label: e.name }))}
            />
          </Form.Item>
        )}
        <Form.Item label="备注">
          <Input style={{ width: 240 }} maxLength={200} value={remark} onChange={(e) => setRemark(e.target.value)} />
        </Form.Item>
      </Form>
      {delivery === 'OWN_ADDRESS' && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message="发到“店铺退货电话”页设置的我的收货地址（退货地址），所有商品合并为一个包裹。" />
      )}
      {delivery === 'SELF_PICKUP' && <Alert type="info" showIcon style={{ marginBottom: 12 }} message="商品拿到后留在采购商仓库，不收运费，由您自行取货。" />}
      <LinesTable lines={lines} delivery={delivery} problems={problems} onChange={setLines} />
      <Space style={{ marginTop: 12 }} wrap>
        <Button icon={<PlusOutlined />} onClick={() => setLines([...lines, emptyLine()])}>
          添加一行
        </Button>
        <Button onClick={() => setPasting('')}>从Excel粘贴</Button>
        <Button loading={save.isPending} onClick={() => save.mutate()}>
          保存草稿
        </Button>
        <Button type="primary" loading={submit.isPending} onClick={() => submit.mutate()}>
          提交并支付
        </Button>
      </Space>
      <Modal
        title="从Excel粘贴"
        open={pasting !== null}
        okText="添加到报单"
        onCancel={() => setPasting(null)}
        onOk={() => {
          const added = parsePasted(pasting ?? '');
          const kept = lines.filter((l) => l.stall || l.artNo);
          setLines([...kept, ...added]);
          setPasting(null);
          message.success(`已添加 ${added.length} 行`);
        }}
      >
        <p>
          在 Excel 中选中数据后复制，粘贴到下面。列顺序：档口、货号、颜色、尺码、数量、单价（元）；按收货人发货时再加收货人、手机号、省、市、区县、详细地址。
        </p>
        <Input.TextArea aria-label="粘贴内容" rows={8} value={pasting ?? ''} onChange={(e) => setPasting(e.target.value)} />
      </Modal>
      <PayDialog
        orders={paying}
        onClose={() => {
          setPaying(null);
          navigate('/declarationHistory');
        }}
        onPaid={() => {
          setPaying(null);
          void qc.invalidateQueries({ queryKey: declarationKeys.all });
          navigate('/declarationHistory');
        }}
      />
    </Card>
  );
}
