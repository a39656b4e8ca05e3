/**
 * 余额 (/funds/balance): available and frozen balance, and the ledger entries filtered by
 * transaction type and date range (?type=&start=&end=&pageNo=&pageSize=, dates at +8), with an
 * Excel export of exactly what the filter shows.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { TRANSACTION_TYPE_NAMES } from '@dropship/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { toDisplayZone } from '../../../lib/date';
import { positiveInt, useUrlValues } from '../../../lib/url-state';
import { OldBalanceBanner } from '../old-balance/OldBalanceBanner';
import { type EntryFilter, paymentsApi, paymentsKeys } from '../payments-api';
import { BalanceCards } from './BalanceCards';
import { EntryTable } from './EntryTable';

/** A +8 calendar day (YYYY-MM-DD) → the instant its first or last millisecond falls on. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const d = toDisplayZone(`${day} 00:00:00`);
  if (!d) return undefined;
  return (end ? d.endOf('day') : d.startOf('day')).toISOString();
}

export default function BalancePage() {
  const { message } = App.useApp();
  const [v, set] = useUrlValues({ type: '', start: '', end: '', pageNo: '1', pageSize: '20' }, { replace: false });
  const filter: EntryFilter = {
    ...(v.type ? { transactionType: v.type } : {}),
    ...(v.start && dayBound(v.start, false) ? { startTime: dayBound(v.start, false) } : {}),
    ...(v.end && dayBound(v.end, true) ? { endTime: dayBound(v.end, true) } : {}),
  };
  const query = { ...filter, pageNo: positiveInt(v.pageNo, 1), pageSize: positiveInt(v.pageSize, 20, 100) };
  const page = useQuery({ queryKey: paymentsKeys.entries(query), queryFn: () => paymentsApi.entries(query), placeholderData: keepPreviousData });
  const exporting = useMutation({ mutationFn: () => paymentsApi.exportEntries(filter), onSuccess: () => message.success('已导出余额明细') });
  const range: [Dayjs | null, Dayjs | null] = [v.start ? toDisplayZone(`${v.start} 00:00:00`) : null, v.end ? toDisplayZone(`${v.end} 00:00:00`) : null];

  return (
    <div>
      <Typography.Title level={4}>余额</Typography.Title>
      <OldBalanceBanner />
      <BalanceCards />
      <Space style={{ marginBottom: 12 }} wrap>
        <Select
          aria-label="交易类型"
          style={{ width: 160 }}
          value={v.type}
          onChange={(type) => set({ type, pageNo: 1 })}
          options={[{ value: '', label: '全部交易类型' }, ...Object.entries(TRANSACTION_TYPE_NAMES).map(([value, label]) => ({ value, label }))]}
        />
        <DatePicker.RangePicker
          aria-label="日期范围"
          value={range}
          allowEmpty={[true, true]}
          onChange={(dates) => set({ start: dates?.[0]?.format('YYYY-MM-DD') ?? '', end: dates?.[1]?.format('YYYY-MM-DD') ?? '', pageNo: 1 })}
        />
        <Button icon={<DownloadOutlined />} loading={exporting.isPending} onClick={() => exporting.mutate()}>
          {exporting.isPending ? '正在导出…' : '导出Excel'}
        </Button>
      </Space>
      <EntryTable
        rows={page.data?.list ?? []}
        total={page.data?.total ?? 0}
        loading={page.isFetching}
        pageNo={query.pageNo}
        pageSize={query.pageSize}
        onPage={(pageNo, pageSize) => set({ pageNo, pageSize })}
      />
    </div>
  );
}
