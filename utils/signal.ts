/**
 * One event, any number of listeners, heard in the order they listened. It lets a service built
 * early tell one built later (the background's composition root holds no placeholder for it).
 */

export interface Signal<T = void> {
  emit: (value: T) => void;
  listen: (listener: (value: T) => void) => void;
}

export function createSignal<T = void>(): Signal<T> {
  const listeners: ((value: T) => void)[] = [];
  return {
    emit: (value) => {
      for (const listener of listeners) listener(value);
    },
    listen: (listener) => {
      listeners.push(listener);
    },
  };
}
