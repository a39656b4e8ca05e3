/**
 * A page that throws while rendering shows its error instead of a blank window, and the next
 * navigation tries again: what the data router's default error element did before main.tsx moved
 * to BrowserRouter (decision 0040), in Chinese.
 */
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface State {
  error: Error | null;
  path: string;
}

class Boundary extends Component<{ path: string; children: ReactNode }, State> {
  override state: State = { error: null, path: this.props.path };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: { path: string }, state: State): Partial<State> | null {
    // Another address is another page: render it afresh.
    return props.path !== state.path ? { error: null, path: props.path } : null;
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" style={{ padding: 24 }}>
        <h2>页面出错了，请刷新后重试</h2>
        <h3 style={{ fontStyle: 'italic' }}>{this.state.error.message}</h3>
      </div>
    );
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  return <Boundary path={pathname + search}>{children}</Boundary>;
}
