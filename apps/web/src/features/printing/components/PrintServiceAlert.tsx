/** The print-service message (SPEC.md §8) as an antd Alert with the 32/64-bit installer links. */
import { Alert } from 'antd';
import type { PrintServiceMessage } from '../print-service-message';

export function PrintServiceAlert({ message }: { message: PrintServiceMessage }) {
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="print-service-message"
      title={
        <span>
          {message.before}（
          {message.links.map((l, i) => (
            <span key={l.href}>
              {i > 0 && ' / '}
              {/* A plain link: the installer is a Windows .exe the browser downloads. */}
              <a href={l.href} download>
                {l.label}
              </a>
            </span>
          ))}
          ）{message.after}
        </span>
      }
    />
  );
}
