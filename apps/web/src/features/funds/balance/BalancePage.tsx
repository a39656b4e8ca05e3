/**
 * 余额 (/funds/balance): available and frozen balance, and the ledger entries filtered by
 * transaction type and date range (?type=&start=&end=&pageNo=&pageSize=, dates at +8), with an
 * Excel export of exactly what the filter shows.
 */
import { TRANSACTION_TYPE_NAMES } from '@dropship/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, DatePicker, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { toDisplayZone } from '../../../lib/date';
import { type BarField, day, ExportButton, ListFilterBar, oneOf, optionsOf, useListPage } from '../../../lib/list-page';
import { totalText } from '../../../lib/table-defaults';
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

const LIST = { filters: { type: oneOf(Object.keys(TRANSACTION_TYPE_NAMES)), start: day(), end: day() } };
const BAR: BarField[] = [{ kind: 'select', name: 'type', label: '交易类型', all: '全部交易类型', options: optionsOf(TRANSACTION_TYPE_NAMES), width: 160 }];

export default function BalancePage() {
  const { message } = App.useApp();
  const list = useListPage(LIST, { replace: false });
  const v = list.filters;
  const filter: EntryFilter = {
    ...(v.type ? { transactionType: v.type } : {}),
    ...(v.start && dayBound(v.start, false) ? { startTime: dayBound(v.start, false) } : {}),
    ...(v.end && dayBound(v.end, true) ? { endTime: dayBound(v.end, true) } : {}),
  };
  const query = { ...filter, pageNo: list.pageNo, pageSize: list.pageSize };
  const page = useQuery({ queryKey: paymentsKeys.entries(query), queryFn: () => paymentsApi.entries(query), placeholderData: keepPreviousData });
  const range: [Dayjs | null, Dayjs | null] = [v.start ? toDisplayZone(`${v.start} 00:00:00`) : null, v.end ? toDisplayZone(`${v.end} 00:00:00`) : null];

  return (
    <div>
      <Typography.Title level={4}>余额</Typography.Title>
      <OldBalanceBanner />
      <BalanceCards />
      <ListFilterBar fields={BAR} values={v} onChange={list.filter}>
        <DatePicker.RangePicker
          aria-label="日期范围"
          value={range}
          allowEmpty={[true, true]}
          onChange={(dates) => list.filter({ start: dates?.[0]?.format('YYYY-MM-DD'), end: dates?.[1]?.format('YYYY-MM-DD') })}
        />
        <ExportButton run={() => paymentsApi.exportEntries(filter)} onDone={() => message.success('已导出余额明细')} busyLabel="正在导出…" />
      </ListFilterBar>
      <EntryTable
        rows={page.data?.list ?? []}
        total={page.data?.total ?? 0}
        loading={page.isFetching}
        pagination={list.pagination(page.data?.total ?? 0, totalText(page.data?.totalCapped))}
      />
    </div>
  );
}
