/**
 * Loads each key's value once, whoever asks (the same promise for every caller), and remembers it once it has arrived,
 * for code that can use it at once instead of waiting a turn (a lazy boundary's first render always suspends). A failed
 * load is forgotten, so a later call tries again (a chunk that could not be fetched during an outage, issue #32).
 */
export function loadOnce<Key, Value>(load: (key: Key) => Promise<Value>) {
  const pending = new Map<Key, Promise<Value>>();
  const arrived = new Map<Key, Value>();
  return {
    load(key: Key): Promise<Value> {
      let value = pending.get(key);
      if (value === undefined) {
        const loading = load(key).then(
          (loaded) => {
            arrived.set(key, loaded);
            return loaded;
          },
          (error: unknown) => {
            if (pending.get(key) === loading) pending.delete(key);
            throw error;
          },
        );
        pending.set(key, loading);
        value = loading;
      }
      return value;
    },
    loaded(key: Key): Value | undefined {
      return arrived.get(key);
    },
  };
}
