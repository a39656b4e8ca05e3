/**
 * 问题件寄回 (/afterSale/problemSendBack?ids=…) and 无头件寄回 (/afterSale/headlessSendBack?ids=…, a
 * claimed headless parcel: the same component): the address (the saved 退货地址 or typed), the
 * courier with the freight the express rules quote for it, then the freight paid parcel by parcel
 * from the balance or by Alipay.
 */
import { fenToYuan, PARCEL_STATUS_NAMES, type ProblemRow, ReceiverFields } from '@dropship/contract';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Form, Input, Radio, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { zodRule } from '../../../lib/zod-rule';
import { AreaCascader } from '../../area/AreaCascader';
import { problemApi, problemKeys } from '../api';
import { FreightPayDialog, type FreightTarget } from '../components/FreightPayDialog';
import { goodsText, isUndecided, problemListPath } from '../problem-list';

interface Values {
  name: string;
  phone: string;
  area: string[];
  address: string;
  expressCode: string;
}

const idsOf = (raw: string | null) =>
  [...new Set((raw ?? '').split(',').map((s) => Number(s.trim())))].filter((n) => Number.isInteger(n) && n > 0).slice(0, 200);

export function SendBackPage({ kind }: { kind: 'PROBLEM' | 'HEADLESS' }) {
  const what = kind === 'HEADLESS' ? '无头件' : '问题件';
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const ids = useMemo(() => idsOf(params.get('ids')), [params]);
  const [form] = Form.useForm<Values>();
  const area = Form.useWatch('area', form) as string[] | undefined;
  const province = area?.[0] ?? '';
  const [paying, setPaying] = useState<FreightTarget | null>(null);

  const parcels = useQueries({
    queries: ids.map((id) => ({ queryKey: problemKeys.detail(id), queryFn: () => problemApi.detail(id) })),
  });
  const rows = parcels.flatMap((q) => (q.data ? [q.data] : []));
  const options = useQuery({ queryKey: problemKeys.options(), queryFn: problemApi.sendBackOptions, staleTime: 300_000 });
  const first = ids[0] ?? 0;
  const quote = useQuery({
    queryKey: problemKeys.freight(first, province),
    queryFn: () => problemApi.freight(first, province),
    enabled: first > 0 && province !== '',
  });
  const toAsk = rows.filter(isUndecided);
  const toPay = rows.filter((r) => r.status === 'WAITING_PAYMENT');

  const ask = useMutation({
    mutationFn: async (v: Values) => {
      const receiver = ReceiverFields.parse({
        name: v.name,
        phone: v.phone,
        province: v.area[0],
        city: v.area[1],
        district: v.area[2] ?? '',
        address: v.address,
      });
      const failed: string[] = [];
      for (const r of toAsk) {
        try {
          await problemApi.sendBack({ id: r.id, receiver, expressCode: v.expressCode });
        } catch (e) {
          failed.push(`${r.barcodeNo ?? r.id}：${e instanceof Error ? e.message : '申请失败'}`);
        }
      }
      return failed;
    },
    onSuccess: (failed) => {
      void qc.invalidateQueries({ queryKey: problemKeys.all });
      if (failed.length) message.error(failed.join('；'));
      else message.success('已申请寄回，请支付运费');
    },
  });
  const fillSaved = () => {
    const a = options.data?.savedAddress;
    if (!a) return;
    form.setFieldsValue({ name: a.name, phone: a.phone, area: [a.province, a.city, a.district], address: a.address });
  };

  if (ids.length === 0) {
    return (
      <Empty description={`请从问题件列表选择要寄回的${what}`}>
        <Link to={problemListPath}>返回问题件列表</Link>
      </Empty>
    );
  }
  return (
    <div>
      <Typography.Title level={4}>{what}寄回</Typography.Title>
      <Card title={`要寄回的${what}`} size="small" style={{ marginBottom: 16 }}>
        <Table<ProblemRow>
          size="small"
          rowKey="id"
          pagination={false}
          loading={parcels.some((q) => q.isFetching)}
          dataSource={rows}
          columns={[
            { title: '编号', dataIndex: 'barcodeNo' },
            { title: '状态', dataIndex: 'status', render: (s: ProblemRow['status']) => PARCEL_STATUS_NAMES[s] },
            { title: '商品', key: 'goods', render: (_, r) => goodsText(r) || '—' },
            { title: '运费', dataIndex: 'freightFen', render: (f: number | null) => (f === null ? '—' : `¥${fenToYuan(f)}`) },
            {
              title: '操作',
              key: 'pay',
              render: (_, r) =>
                r.status === 'WAITING_PAYMENT' ? (
                  <Button type="primary" size="small" onClick={() => setPaying({ id: r.id, barcodeNo: r.barcodeNo, freightFen: r.freightFen ?? 0 })}>
                    支付运费
                  </Button>
                ) : r.status === 'WAITING_RETURN' ? (
                  '已支付，等待仓库寄回'
                ) : (
                  ''
                ),
            },
          ]}
        />
      </Card>
      {toAsk.length > 0 ? (
        <Card title="寄回地址与快递" size="small">
          <Form form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={(v) => ask.mutate(v)}>
            {options.data?.savedAddress && (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 12 }}
                title={
                  <Space>
                    已保存的退货地址：{options.data.savedAddress.name} {options.data.savedAddress.province}
                    {options.data.savedAddress.city}
                    <Button size="small" onClick={fillSaved}>
                      使用该地址
                    </Button>
                  </Space>
                }
              />
            )}
            <Form.Item name="name" label="收货人" rules={[zodRule(ReceiverFields.shape.name)]}>
              <Input maxLength={30} />
            </Form.Item>
            <Form.Item name="phone" label="手机号" rules={[zodRule(ReceiverFields.shape.phone)]}>
              <Input maxLength={20} />
            </Form.Item>
            <Form.Item name="area" label="省市区" rules={[{ required: true, type: 'array', len: 3, message: '请选择省份、城市和区县' }]}>
              <AreaCascader aria-label="省市区" placeholder="选择省 / 市 / 区县" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="address" label="详细地址" rules={[zodRule(ReceiverFields.shape.address)]}>
              <Input.TextArea maxLength={200} autoSize={{ minRows: 2 }} />
            </Form.Item>
            <Form.Item name="expressCode" label="快递（运费按快递规则计算）" rules={[{ required: true, message: '请选择快递' }]}>
              {province ? (
                <Radio.Group>
                  <Space direction="vertical">
                    {(quote.data ?? []).map((q) => (
                      <Radio key={q.code} value={q.code}>
                        {q.name} 运费 ¥{fenToYuan(q.feeFen)}
                        {toAsk.length > 1 ? '（每件包裹）' : ''}
                      </Radio>
                    ))}
                  </Space>
                </Radio.Group>
              ) : (
                <Typography.Text type="secondary">先选择省市区，再选择快递</Typography.Text>
              )}
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={ask.isPending}>
              确认寄回（{toAsk.length} 个）
            </Button>
          </Form>
        </Card>
      ) : (
        toPay.length === 0 && <Alert type="success" showIcon title={`没有待申请寄回的${what}`} action={<Link to={problemListPath}>返回问题件列表</Link>} />
      )}
      <FreightPayDialog target={paying} onClose={() => setPaying(null)} onPaid={() => setPaying(null)} />
    </div>
  );
}

export default function ProblemSendBackPage() {
  return <SendBackPage kind="PROBLEM" />;
}
