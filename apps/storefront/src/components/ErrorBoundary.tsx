import { i18n } from '../i18n/i18n.js';
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface Props {
  /** Names the area in the console log. */
  area: string;
  /** The sentence shown on failure, in the shopper's language ("The cart could not be shown."). */
  message: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Keeps a failure inside one area of the page: the rest of the shop stays usable. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[${this.props.area}]`, error, info.componentStack);
  }

  private retry = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="error-panel" role="alert">
        <h2>{i18n._('error.somethingWentWrong')}</h2>
        <p>
          {this.props.message} {this.state.error.message ? `(${this.state.error.message})` : ''}
        </p>
        <button type="button" className="button" onClick={this.retry}>
          {i18n._('common.tryAgain')}
        </button>
      </section>
    );
  }
}
