/**
 * antd's Tour for the shell's guides, loaded only when a guide is about to show: most visits never
 * show one, so the tour stays out of the first page load (decision 0040).
 */
import { Tour, type TourProps } from 'antd';

export default function GuideTour(props: TourProps) {
  return <Tour {...props} />;
}
