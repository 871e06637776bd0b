import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen, type ErrorReport } from './ErrorScreen.tsx';

interface State {
  report: ErrorReport | null;
}

/** Catches render errors anywhere below and shows the application-wide error screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { report: null };

  static getDerivedStateFromError(error: unknown): State {
    return { report: { error, at: new Date() } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unexpected application error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.report ? <ErrorScreen report={this.state.report} /> : this.props.children;
  }
}
