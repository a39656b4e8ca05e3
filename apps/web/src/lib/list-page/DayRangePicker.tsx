/**
 * antd's range picker for a list's date filter, in a chunk of its own that DayRangeInput loads
 * after the page's first render (decision 0040).
 */
import { DatePicker } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';

export default function DayRangePicker(props: RangePickerProps) {
  return <DatePicker.RangePicker {...props} />;
}
