/**
 * A list filter's day range (the form's Form.Item hands it value and onChange). antd's range picker
 * (29 KB gzip with its calendar) loads just after the page's first render; until it arrives, a
 * read-only box of about its size shows the range or the placeholders (decision 0040).
 */
import { Input } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { lazy, Suspense } from 'react';

const DayRangePicker = lazy(() => import('./DayRangePicker'));

/** About the picker's own width: two date inputs, the arrow and the icon. */
const PICKER_WIDTH = 256;

export function DayRangeInput(props: RangePickerProps) {
  const [from, to] = Array.isArray(props.value) ? props.value : [];
  const text = from && to ? `${from.format('YYYY-MM-DD')} → ${to.format('YYYY-MM-DD')}` : '';
  const fallback = <Input readOnly value={text} placeholder="开始日期 → 结束日期" style={{ width: PICKER_WIDTH, ...props.style }} aria-busy />;
  return (
    <Suspense fallback={fallback}>
      <DayRangePicker {...props} />
    </Suspense>
  );
}
