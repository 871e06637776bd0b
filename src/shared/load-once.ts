/**
 * Loads each key's value once, whoever asks (the same promise for every caller), and remembers it once it has arrived,
 * for code that can use it at once instead of waiting a turn (a lazy boundary's first render always suspends).
 */
export function loadOnce<Key, Value>(load: (key: Key) => Promise<Value>) {
  const pending = new Map<Key, Promise<Value>>();
  const arrived = new Map<Key, Value>();
  return {
    load(key: Key): Promise<Value> {
      let value = pending.get(key);
      if (value === undefined) {
        value = load(key).then((loaded) => {
          arrived.set(key, loaded);
          return loaded;
        });
        pending.set(key, value);
      }
      return value;
    },
    loaded(key: Key): Value | undefined {
      return arrived.get(key);
    },
  };
}
