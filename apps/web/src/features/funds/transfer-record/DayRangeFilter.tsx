/** A day range filter whose value is two 'YYYY-MM-DD' texts (Beijing days), as the list calls take them. */
import { DatePicker } from 'antd';
import dayjs from 'dayjs';

interface Props {
  from?: string;
  to?: string;
  onChange(from: string | undefined, to: string | undefined): void;
  allowClear?: boolean;
}

export function DayRangeFilter({ from, to, onChange, allowClear = true }: Props) {
  return (
    <DatePicker.RangePicker
      aria-label="日期范围"
      allowClear={allowClear}
      value={from && to ? [dayjs(from), dayjs(to)] : null}
      onChange={(v) => onChange(v?.[0]?.format('YYYY-MM-DD'), v?.[1]?.format('YYYY-MM-DD'))}
    />
  );
}
