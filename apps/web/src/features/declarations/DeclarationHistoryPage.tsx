/** 报单历史 (/declarationHistory): submitted declarations with their orders' statuses. */
import { DeclarationListPage } from './DeclarationListPage';

export default function DeclarationHistoryPage() {
  return <DeclarationListPage kind="history" />;
}
