/**
 * A bounded map whose entries hold while what they were read from stays at the version they were read at: the
 * least recently used goes first when it is full, and an entry of an older version is never answered.
 */
export class VersionedLru<V> {
  private readonly entries = new Map<string, { version: number; value: V }>();

  constructor(private readonly size: number) {}

  get(key: string, version: number): V | undefined {
    const known = this.entries.get(key);
    if (!known || known.version !== version) return undefined;
    // Most recently used last, so the oldest entry is the first to go.
    this.entries.delete(key);
    this.entries.set(key, known);
    return known.value;
  }

  set(key: string, version: number, value: V) {
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: string) {
    this.entries.delete(key);
  }
}
