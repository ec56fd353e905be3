import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AsyncButton } from './async-button';
import { useConfirm } from './confirm-dialog';
import { Modal } from './modal';

describe('Modal', () => {
  it('is a labelled modal dialog that takes the focus, gives it back, and locks the page scroll', () => {
    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button
            type="button"
            onClick={() => {
              setOpen(true);
            }}
          >
            Open
          </button>
          {open && (
            <Modal
              title="Hello"
              onClose={() => {
                setOpen(false);
              }}
            >
              <p>Body</p>
            </Modal>
          )}
        </>
      );
    }
    render(<Host />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Hello' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on a click of the backdrop or of Close, not of its content', () => {
    const onClose = vi.fn();
    render(
      <Modal title="Hello" onClose={onClose}>
        <p>Body</p>
      </Modal>,
    );
    fireEvent.mouseDown(screen.getByText('Body'));
    expect(onClose).not.toHaveBeenCalled();
    const backdrop = screen.getByRole('dialog').parentElement;
    if (!backdrop) throw new Error('no backdrop');
    fireEvent.mouseDown(backdrop);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

function Asker({ onAnswer }: { onAnswer: (answer: boolean) => void }) {
  const { confirm, dialog } = useConfirm();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          void confirm('Delete everything?', 'Delete').then(onAnswer);
        }}
      >
        Ask
      </button>
      {dialog}
    </>
  );
}

describe('useConfirm', () => {
  it('resolves true on the confirm button, false on Cancel or Escape, and closes', async () => {
    const onAnswer = vi.fn();
    render(<Asker onAnswer={onAnswer} />);
    for (const choice of ['Delete', 'Cancel', 'Escape'] as const) {
      fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Please confirm' });
      expect(dialog).toHaveTextContent('Delete everything?');
      if (choice === 'Escape') fireEvent.keyDown(dialog, { key: 'Escape' });
      else fireEvent.click(screen.getByRole('button', { name: choice }));
      await act(async () => {
        await Promise.resolve();
      });
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    }
    expect(onAnswer.mock.calls).toEqual([[true], [false], [false]]);
  });
});

describe('AsyncButton', () => {
  it('shows a spinner while pending and ignores repeat clicks until the action settles', async () => {
    let finish: () => void = () => undefined;
    const action = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    render(<AsyncButton onClick={action}>Save</AsyncButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(action).toHaveBeenCalledTimes(1);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelector('.spinner')).not.toBeNull();
    await act(async () => {
      finish();
      await Promise.resolve();
    });
    expect(button).toHaveAttribute('aria-busy', 'false');
    expect(button.querySelector('.spinner')).toBeNull();
    fireEvent.click(button);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('is ready again after a failed action', async () => {
    const action = vi.fn(() => Promise.reject(new Error('no')));
    render(<AsyncButton onClick={action}>Save</AsyncButton>);
    const button = screen.getByRole('button', { name: 'Save' });
    fireEvent.click(button);
    await act(async () => {
      await Promise.resolve();
      await Promise.resolve();
    });
    expect(button).toHaveAttribute('aria-busy', 'false');
  });
});
