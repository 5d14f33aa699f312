// @vitest-environment happy-dom
// Issue 17 item 6: a counter near the 8,000-character limit and a friendly over-limit message before sending
// (instead of the server's 'message: Message is too long …' after it).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Composer } from './composer';

afterEach(cleanup);

const renderWith = (value: string, onSend = vi.fn()) =>
  render(
    <Composer
      value={value}
      onChange={() => undefined}
      onSend={onSend}
      onStop={() => undefined}
      sending={false}
    />,
  );

describe('Composer limit', () => {
  it('shows no counter for ordinary messages', () => {
    renderWith('Create a quiz');
    expect(screen.queryByTestId('composer-counter')).toBeNull();
  });

  it('counts near the limit and still sends', () => {
    const onSend = vi.fn();
    renderWith('a'.repeat(7500), onSend);
    expect(screen.getByTestId('composer-counter').textContent).toBe('7,500 / 8,000');
    fireEvent.keyDown(screen.getByLabelText('Message'), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('over the limit says by how much in plain words and holds the send back', () => {
    const onSend = vi.fn();
    renderWith('a'.repeat(8001), onSend);
    expect(screen.getByTestId('composer-counter').textContent).toBe(
      'Your message is 1 character too long — shorten it to 8,000 characters to send it.',
    );
    expect(screen.getByLabelText('Message').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Send message') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByLabelText('Message'), { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });
});

describe('Composer Stop', () => {
  // CI (stop 43): "Stop generating" stayed "not enabled" for a minute after a send. The send cleared the
  // box first (Send disabled), then streaming began and the same <button> was reused for Stop.
  it('is enabled whenever an answer streams, whatever the Send button was before', () => {
    const props = { onChange: () => undefined, onSend: vi.fn(), onStop: vi.fn() };
    const { rerender } = render(<Composer {...props} value="" sending={false} />);
    expect((screen.getByLabelText('Send message') as HTMLButtonElement).disabled).toBe(true);
    rerender(<Composer {...props} value="" sending={true} busy={true} />);
    const stop = screen.getByLabelText('Stop generating') as HTMLButtonElement;
    expect(stop.disabled).toBe(false);
    fireEvent.click(stop);
    expect(props.onStop).toHaveBeenCalledTimes(1);
  });
});
