// A binary min-heap for the forecast's event queues.

export class MinHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  /** Whether some item satisfies `test`, in no particular order (stops at the first). */
  some(test: (item: T) => boolean): boolean {
    return this.items.some(test);
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.before(items[index]!, items[parent]!)) break;
      [items[index], items[parent]] = [items[parent]!, items[index]!];
      index = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length && last !== undefined) {
      items[0] = last;
      let index = 0;
      for (;;) {
        const left = 2 * index + 1;
        const right = left + 1;
        let smallest = index;
        if (left < items.length && this.before(items[left]!, items[smallest]!)) smallest = left;
        if (right < items.length && this.before(items[right]!, items[smallest]!)) smallest = right;
        if (smallest === index) break;
        [items[index], items[smallest]] = [items[smallest]!, items[index]!];
        index = smallest;
      }
    }
    return top;
  }
}

/**
 * Several min-heaps under one order, one per key (the forecast keeps a sender's due leads per step
 * kind), so that the first item among some keys is found without passing over the others.
 */
export class KeyedHeaps<K, T> {
  private readonly heaps = new Map<K, MinHeap<T>>();
  private count = 0;

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.count;
  }

  push(key: K, item: T): void {
    let heap = this.heaps.get(key);
    if (!heap) {
      heap = new MinHeap<T>(this.before);
      this.heaps.set(key, heap);
    }
    heap.push(item);
    this.count++;
  }

  /** Removes and returns the first item whose key is allowed, or undefined when there is none. */
  popFirst(allowed: (key: K) => boolean = () => true): T | undefined {
    let best: MinHeap<T> | undefined;
    for (const [key, heap] of this.heaps) {
      const top = heap.peek();
      if (top === undefined || !allowed(key)) continue;
      if (!best || this.before(top, best.peek()!)) best = heap;
    }
    if (!best) return undefined;
    this.count--;
    return best.pop();
  }
}
