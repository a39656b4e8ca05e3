/** 帮助: a link to the help article of the current page, when there is one (HELP_LINKS). */
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { helpArticlePath, helpSlugOf } from './help-links';

export function HelpLink() {
  const { pathname } = useLocation();
  const slug = helpSlugOf(pathname);
  if (!slug) return null;
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
      <Link to={helpArticlePath(slug)} data-testid="page-help-link">
        <QuestionCircleOutlined /> 帮助
      </Link>
    </div>
  );
}
