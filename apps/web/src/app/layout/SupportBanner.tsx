/**
 * The support-mode banner, loaded only when an operator works as this account: antd's Alert stays
 * out of everyone else's first page load (decision 0040).
 */
import { Alert } from 'antd';

export default function SupportBanner() {
  return <Alert banner type="warning" data-testid="support-banner" title="支持模式：平台运营正在以该账号身份协助处理，所有操作均记录在操作日志中" />;
}
