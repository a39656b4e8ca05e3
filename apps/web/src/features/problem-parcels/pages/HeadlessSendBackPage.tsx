/** 无头件寄回 (/afterSale/headlessSendBack): a claimed headless parcel's send-back, the problem parcels' page. */
import { SendBackPage } from './ProblemSendBackPage';

export default function HeadlessSendBackPage() {
  return <SendBackPage kind="HEADLESS" />;
}
