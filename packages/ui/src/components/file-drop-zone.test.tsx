// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FileDropZone } from './file-drop-zone';
import { fileMatchesAccept } from '../lib/file-accept';

afterEach(cleanup);

const pdf = () => new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' });
const png = () => new File(['png'], 'shot.PNG', { type: 'image/png' });
const txt = () => new File(['hi'], 'notes.txt', { type: 'text/plain' });
const drop = (files: File[]) => ({ dataTransfer: { files, types: ['Files'] } });

describe('fileMatchesAccept', () => {
  it.each([
    [undefined, 'notes.txt', 'text/plain', true],
    ['', 'notes.txt', 'text/plain', true],
    ['.pdf,.docx', 'plan.PDF', 'application/pdf', true],
    ['.pdf,.docx', 'notes.txt', 'text/plain', false],
    ['image/*', 'shot.png', 'image/png', true],
    ['image/*', 'plan.pdf', 'application/pdf', false],
    ['application/pdf', 'plan.pdf', 'application/pdf', true],
    ['application/pdf', 'plan', '', false],
  ])('accept %s, %s (%s) → %s', (accept, name, type, ok) => {
    expect(fileMatchesAccept({ name, type }, accept)).toBe(ok);
  });
});

describe('FileDropZone', () => {
  it('is a keyboard-reachable button that opens the file picker on click, Enter and Space', () => {
    const onFiles = vi.fn();
    const { container } = render(<FileDropZone onFiles={onFiles} accept=".pdf" multiple />);
    const zone = screen.getByRole('button', { name: /drag and drop files here/i });
    expect(zone.tabIndex).toBe(0);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('.pdf');
    expect(input.multiple).toBe(true);
    const click = vi.spyOn(input, 'click').mockImplementation(() => {});
    fireEvent.click(zone);
    fireEvent.keyDown(zone, { key: 'Enter' });
    fireEvent.keyDown(zone, { key: ' ' });
    fireEvent.keyDown(zone, { key: 'a' });
    expect(click).toHaveBeenCalledTimes(3);
  });

  it('hands over picked files', () => {
    const onFiles = vi.fn();
    const { container } = render(<FileDropZone onFiles={onFiles} />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const file = pdf();
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFiles).toHaveBeenCalledWith([file]);
  });

  it('shows a drag-over state and filters drops by accept', () => {
    const onFiles = vi.fn();
    const onReject = vi.fn();
    render(<FileDropZone onFiles={onFiles} onReject={onReject} accept=".pdf,image/*" multiple />);
    const zone = screen.getByRole('button');
    fireEvent.dragEnter(zone, drop([]));
    expect(zone.hasAttribute('data-dragging')).toBe(true);
    const [a, b, c] = [pdf(), png(), txt()];
    fireEvent.drop(zone, drop([a, b, c]));
    expect(zone.hasAttribute('data-dragging')).toBe(false);
    expect(onFiles).toHaveBeenCalledWith([a, b]);
    expect(onReject).toHaveBeenCalledWith([c]);
  });

  it('keeps only the first file when not multiple', () => {
    const onFiles = vi.fn();
    const onReject = vi.fn();
    render(<FileDropZone onFiles={onFiles} onReject={onReject} />);
    const [a, b] = [pdf(), png()];
    fireEvent.drop(screen.getByRole('button'), drop([a, b]));
    expect(onFiles).toHaveBeenCalledWith([a]);
    expect(onReject).toHaveBeenCalledWith([b]);
  });

  it('ends the drag-over state when the drag leaves', () => {
    render(<FileDropZone onFiles={() => {}} />);
    const zone = screen.getByRole('button');
    fireEvent.dragEnter(zone, drop([]));
    fireEvent.dragLeave(zone, drop([]));
    expect(zone.hasAttribute('data-dragging')).toBe(false);
  });

  it('does nothing when disabled', () => {
    const onFiles = vi.fn();
    const { container } = render(<FileDropZone onFiles={onFiles} disabled label="Upload" />);
    const zone = screen.getByRole('button', { name: 'Upload' });
    expect(zone.getAttribute('aria-disabled')).toBe('true');
    expect(zone.tabIndex).toBe(-1);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.disabled).toBe(true);
    const click = vi.spyOn(input, 'click').mockImplementation(() => {});
    fireEvent.click(zone);
    fireEvent.keyDown(zone, { key: 'Enter' });
    fireEvent.dragEnter(zone, drop([]));
    fireEvent.drop(zone, drop([pdf()]));
    expect(click).not.toHaveBeenCalled();
    expect(zone.hasAttribute('data-dragging')).toBe(false);
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('renders custom content with the drag state', () => {
    render(
      <FileDropZone onFiles={() => {}} aria-label="Attach files">
        {({ dragging }) => <span>{dragging ? 'Release to upload' : 'Attach'}</span>}
      </FileDropZone>,
    );
    const zone = screen.getByRole('button', { name: 'Attach files' });
    expect(zone.textContent).toBe('Attach');
    fireEvent.dragEnter(zone, drop([]));
    expect(zone.textContent).toBe('Release to upload');
  });
});
