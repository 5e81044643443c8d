import { describe, expect, it } from 'vitest';
import { createSignal } from '@/utils/signal';

describe('createSignal', () => {
  it('tells every listener, in the order they listened, including one added after the emitter was handed out', () => {
    const signal = createSignal<string>();
    const { emit } = signal;
    const heard: string[] = [];
    signal.listen((value) => heard.push(`a:${value}`));
    emit('one');
    signal.listen((value) => heard.push(`b:${value}`));
    emit('two');
    expect(heard).toEqual(['a:one', 'a:two', 'b:two']);
  });

  it('emits to nobody without a listener', () => {
    expect(() => createSignal().emit()).not.toThrow();
  });
});
