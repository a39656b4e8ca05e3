/** 我的报单 (/myDeclaration): the drafts. */
import { DeclarationListPage } from './DeclarationListPage';

export default function MyDeclarationPage() {
  return <DeclarationListPage kind="drafts" />;
}
