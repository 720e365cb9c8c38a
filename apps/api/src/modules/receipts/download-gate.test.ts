import { describe, expect, it } from 'vitest';
import { downloadGate } from './download-gate.ts';

describe('downloadGate', () => {
  it('runs `active` at once, queues `waiting` in order, refuses the next, and frees slots on failure', async () => {
    const gate = downloadGate(2, 1, (waiting) => new Error(`busy, ${waiting} waiting`));
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const job = (name: string) => () =>
      new Promise<string>((resolve) => {
        order.push(name);
        releases.push(() => resolve(name));
      });

    const a = gate(job('a'));
    const b = gate(job('b'));
    const c = gate(job('c'));
    await expect(gate(job('d'))).rejects.toThrow('busy, 1 waiting');
    await Promise.resolve();
    expect(order).toEqual(['a', 'b']);

    releases[0]?.();
    expect(await a).toBe('a');
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['a', 'b', 'c']);
    releases[1]?.();
    releases[2]?.();
    expect(await Promise.all([b, c])).toEqual(['b', 'c']);

    // A failing download gives its place back like any other.
    await expect(gate(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await Promise.all([gate(async () => 1), gate(async () => 2), gate(async () => 3)])).toEqual([
      1, 2, 3,
    ]);
  });
});
