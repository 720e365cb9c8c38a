import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordField } from './password-input.tsx';
import { PasswordStrength, rateStrength } from './password-strength.tsx';

afterEach(cleanup);

describe('rateStrength', () => {
  it('calls anything under 8 characters too short', () => {
    expect(rateStrength('')).toEqual({ score: 0, label: 'Too short' });
    expect(rateStrength('Ab1!xyz')).toEqual({ score: 0, label: 'Too short' });
  });

  it('calls common, all-digit and repetitive passwords weak whatever their length', () => {
    expect(rateStrength('Password1!').label).toBe('Weak');
    expect(rateStrength('1234567890123').label).toBe('Weak');
    expect(rateStrength('aaaaaaaaaaaaaaaaaaaa').label).toBe('Weak');
    expect(rateStrength('abababab').label).toBe('Weak');
  });

  it('rates 8+ characters of one kind weak, mixed kinds fair', () => {
    expect(rateStrength('sunflower').label).toBe('Weak');
    expect(rateStrength('Sunfl0wer').label).toBe('Fair');
  });

  it('rates a few unrelated words or 16+ characters strong', () => {
    expect(rateStrength('mango radio canoe').label).toBe('Strong');
    expect(rateStrength('correct-horse-battery').label).toBe('Strong');
    expect(rateStrength('averylongpassphrase').label).toBe('Strong');
    expect(rateStrength('two words').label).toBe('Fair');
  });
});

describe('PasswordStrength', () => {
  it('says nothing until something is typed, then names the strength in a polite live region', () => {
    const { rerender } = render(<PasswordStrength password="" />);
    const live = document.querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe('');
    rerender(<PasswordStrength password="mango radio canoe" />);
    expect(live?.textContent).toBe('Password strength: Strong');
    rerender(<PasswordStrength password="short" />);
    expect(live?.textContent).toBe('Password strength: Too short');
  });

  it('is shown by PasswordField only where a new password is chosen', () => {
    const { rerender } = render(<PasswordField label="Password" />);
    expect(screen.queryByTestId('password-strength')).toBeNull();
    rerender(<PasswordField label="New password" strengthOf="Sunfl0wer" />);
    expect(screen.getByTestId('password-strength').textContent).toContain('Fair');
  });
});
