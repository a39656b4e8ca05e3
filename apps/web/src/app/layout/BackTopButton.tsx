/**
 * 回到顶部, loaded after the shell first renders: it shows only once the page is scrolled, so antd's
 * FloatButton need not be in the first page load (decision 0040).
 */
import { FloatButton } from 'antd';

export default function BackTopButton() {
  return <FloatButton.BackTop duration={150} tooltip="回到顶部" />;
}
