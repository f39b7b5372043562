import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface Props {
  /** Names the area in the message ("The cart could not be shown"). */
  area: string;
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
        <h2>Something went wrong</h2>
        <p>
          The {this.props.area} could not be shown. {this.state.error.message ? `(${this.state.error.message})` : ''}
        </p>
        <button type="button" className="button" onClick={this.retry}>
          Try again
        </button>
      </section>
    );
  }
}
