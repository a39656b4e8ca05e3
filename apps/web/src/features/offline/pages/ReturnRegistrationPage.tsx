/**
 * 退货登记 (/offlineReturnOrder/returnRegistration): the return desk scans each arriving parcel's
 * waybill (a keyboard-wedge scanner types it and presses Enter into the focused field). A match
 * signs the return order(s) in and lists their lines for the return storage tags, and signs in the
 * after-sales whose return parcel it is (验货 and their after-sale labels); an unknown waybill
 * is registered with what the desk sees as a headless parcel (无头件) whose label prints here. Below,
 * the desk's registrations (filters in the address).
 */
import { ErrorCode, type HeadlessIntake, type ReturnRegisterResult } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, type InputRef, Space, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { ApiError } from '../../../app/api';
import { formatDateTime } from '../../../lib/date';
import { ExportButton, type FilterField, ListFilterForm, oneOf, text, useListPage } from '../../../lib/list-page';
import { HeadlessIntakeForm } from '../../headless-parcels/components/HeadlessIntakeForm';
import { HeadlessResult } from '../../headless-parcels/components/HeadlessResult';
import { offlineApi, offlineKeys, type ParcelRow } from '../api';
import { AfterSaleMatches } from '../components/AfterSaleMatches';
import { ReturnStatusTag } from '../components/ReturnStatusTag';
import { printReturnStorageTags } from '../return-tags';

const LIST = { filters: { waybillNo: text(40), matched: oneOf(['1', '0'] as const) } };
const FIELDS: FilterField[] = [
  { kind: 'text', name: 'waybillNo', label: '快递单号', maxLength: 40 },
  {
    kind: 'select',
    name: 'matched',
    label: '匹配',
    width: 120,
    options: [
      { value: '1', label: '已匹配' },
      { value: '0', label: '无头件' },
    ],
  },
];

export default function ReturnRegistrationPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const list = useListPage(LIST);
  const scanRef = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [result, setResult] = useState<ReturnRegisterResult | null>(null);
  const [unknown, setUnknown] = useState<string | null>(null);
  const parcels = useQuery({ queryKey: offlineKeys.parcels(list.query), queryFn: () => offlineApi.parcels(list.query), placeholderData: keepPreviousData });
  const refocus = () => setTimeout(() => scanRef.current?.focus(), 0);
  const register = useMutation({
    mutationFn: (b: { waybillNo: string; registerUnmatched?: boolean; note?: string; headless?: HeadlessIntake }) => offlineApi.register(b),
    onSuccess: (r, b) => {
      setResult(r);
      setUnknown(null);
      setCode('');
      const signed = [
        ...r.orders.map((o) => ({ no: o.returnNo, again: o.alreadyRegistered })),
        ...r.afterSales.map((a) => ({ no: a.afterSaleNo, again: a.alreadyRegistered })),
      ];
      if (!r.matched) message.success(`已登记无头件 ${r.headless?.barcodeNo ?? b.waybillNo}`);
      else if (signed.every((o) => o.again)) message.warning(`${b.waybillNo} 已签收过，无需重复登记`);
      else message.success(`已签收 ${signed.map((o) => o.no).join('、')}${r.lines.length > 0 ? `，共 ${r.lines.length} 行` : ''}`);
      void qc.invalidateQueries({ queryKey: offlineKeys.all });
      refocus();
    },
    onError: (e, b) => {
      setResult(null);
      setUnknown(e instanceof ApiError && e.errorCode === ErrorCode.OFFLINE_WAYBILL_UNKNOWN ? b.waybillNo : null);
      refocus();
    },
  });
  const print = useMutation({ mutationFn: () => printReturnStorageTags(result?.lines ?? []) });
  const scan = () => {
    const waybillNo = code.trim();
    if (waybillNo) register.mutate({ waybillNo });
  };

  return (
    <div>
      <Typography.Title level={4}>退货登记</Typography.Title>
      <Card style={{ marginBottom: 16 }}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input.Search
            ref={scanRef}
            autoFocus
            size="large"
            aria-label="扫描快递单号"
            placeholder="扫描或输入退货包裹的快递单号（自行送货的填退货单号），回车签收"
            enterButton="签收"
            value={code}
            maxLength={40}
            loading={register.isPending}
            onChange={(e) => setCode(e.target.value)}
            onSearch={scan}
          />
          {unknown && (
            <Alert
              type="warning"
              showIcon
              message={`没有找到快递单号 ${unknown} 的线下退货单或售后退货`}
              description={
                <HeadlessIntakeForm
                  loading={register.isPending}
                  onSubmit={(v) => register.mutate({ waybillNo: unknown, registerUnmatched: true, note: v.note, headless: v.headless })}
                />
              }
            />
          )}
          {result?.headless && <HeadlessResult parcel={result.headless} />}
          {result?.matched && <AfterSaleMatches rows={result.afterSales} />}
          {result?.matched && result.orders.length > 0 && (
            <div data-testid="register-result">
              <Space style={{ marginBottom: 8 }} wrap>
                {result.orders.map((o) => (
                  <Tag key={o.id} color={o.alreadyRegistered ? 'default' : 'green'}>
                    {o.returnNo}（{o.sellerName}）{o.alreadyRegistered ? '此前已签收' : '已签收'}
                  </Tag>
                ))}
                <Button type="primary" loading={print.isPending} onClick={() => print.mutate()}>
                  打印退货入库标签
                </Button>
              </Space>
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={result.lines}
                columns={[
                  { title: '退货码', dataIndex: 'returnCode' },
                  { title: '档口', dataIndex: 'stallText' },
                  { title: '货号', dataIndex: 'artNo' },
                  { title: '颜色尺码', render: (_, l) => [l.color, l.size].filter(Boolean).join(' ') },
                  { title: '数量', dataIndex: 'quantity' },
                  { title: '状态', dataIndex: 'status', render: (s) => <ReturnStatusTag status={s} /> },
                ]}
              />
            </div>
          )}
        </Space>
      </Card>
      <Typography.Title level={5}>登记记录</Typography.Title>
      <ListFilterForm
        fields={FIELDS}
        values={list.active}
        onSearch={list.search}
        extra={<ExportButton run={() => offlineApi.exportParcels(list.active)} style={{ marginLeft: 8 }} />}
      />
      <Table<ParcelRow>
        rowKey="id"
        loading={parcels.isFetching}
        dataSource={parcels.data?.list ?? []}
        columns={[
          { title: '快递单号', dataIndex: 'waybillNo' },
          { title: '退货单', render: (_, r) => (r.matched ? r.returnNos : <Tag color="red">无头件</Tag>) },
          { title: '备注', dataIndex: 'note' },
          { title: '登记人', dataIndex: 'registeredBy' },
          { title: '登记时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
        ]}
        pagination={list.pagination(parcels.data?.total ?? 0)}
      />
    </div>
  );
}
