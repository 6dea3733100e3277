import { newId, type Role } from '@urs/sync-protocol';
import { iso, type Clock } from './clock.js';
import type { AreaSeed, PersonSeed } from './data.js';
import type { Random } from './random.js';

/** A row as planned: everything but `change_seq`, which is only taken inside the transaction. */
/** A planned row: its school and change_seq are stamped when it is inserted (insertStamped). */
export type NewRow<T extends { $inferInsert: object }> = Omit<
  T['$inferInsert'],
  'changeSeq' | 'schoolId'
>;

export interface StoredImage {
  sha256: string;
  sizeBytes: number;
}

export interface PlannedPerson {
  id: string;
  seed: PersonSeed;
}

interface PlannedArea {
  id: string;
  seed: AreaSeed;
}

function lookup<T>(map: ReadonlyMap<string, T>, key: string, what: string): T {
  const value = map.get(key);
  if (value === undefined) throw new Error(`demo seed: unknown ${what} "${key}"`);
  return value;
}

const activeAt = (p: PlannedPerson, daysAgo: number) =>
  p.seed.idleDays === 0 || p.seed.idleDays < daysAgo;

/** What every planner shares: the PRNG, the clock, and the ids handed out so far. */
export class PlanContext {
  private readonly people: PlannedPerson[];
  private readonly areas = new Map<string, PlannedArea>();
  private readonly categories = new Map<string, string>();
  private readonly items = new Map<string, string>();
  private readonly lastSeen = new Map<string, Date>();
  private readonly activeDays = new Map<string, Set<string>>();

  constructor(
    readonly rng: Random,
    readonly clock: Clock,
    people: readonly PersonSeed[],
    private readonly images: ReadonlyMap<string, StoredImage>,
  ) {
    this.people = people.map((seed) => ({ id: newId(), seed }));
  }

  /** The columns every synced row starts with. */
  sync(createdAt: Date, updatedAt: Date = createdAt) {
    return { id: newId(), createdAt: iso(createdAt), updatedAt: iso(updatedAt), deletedAt: null };
  }

  allPeople(): readonly PlannedPerson[] {
    return this.people;
  }

  person(email: string): PlannedPerson {
    const found = this.people.find((p) => p.seed.email === email);
    if (found === undefined) throw new Error(`demo seed: unknown person "${email}"`);
    return found;
  }

  admin(): PlannedPerson {
    const found = this.people.find((p) => p.seed.role === 'admin');
    if (found === undefined) throw new Error('demo seed: no admin');
    return found;
  }

  /** Someone with the role who still used the app `daysAgo` days back (idle staff stopped earlier). */
  personFor(role: Role, daysAgo: number): PlannedPerson {
    return this.rng.pick(this.people.filter((p) => p.seed.role === role && activeAt(p, daysAgo)));
  }

  /** Guards the fixed lists: nobody acts after they stopped using the app. */
  assertActive(person: PlannedPerson, daysAgo: number): void {
    if (!activeAt(person, daysAgo)) {
      throw new Error(`demo seed: ${person.seed.email} was idle ${daysAgo} days ago`);
    }
  }

  /**
   * Records that the person did something then, so `last_active_at` can cover it and the
   * school-local day counts as a day they used the app (user_activity, read by analytics).
   */
  touch(person: PlannedPerson, at: Date): void {
    const seen = this.lastSeen.get(person.id);
    if (seen === undefined || seen < at) this.lastSeen.set(person.id, at);
    const days = this.activeDays.get(person.id) ?? new Set<string>();
    days.add(this.clock.schoolDay(at));
    this.activeDays.set(person.id, days);
  }

  /** Every (person, school-local day) that someone did something on, as touch() saw them. */
  activity(): { userId: string; day: string }[] {
    return [...this.activeDays].flatMap(([userId, days]) =>
      [...days].sort().map((day) => ({ userId, day })),
    );
  }

  lastSeenAt(person: PlannedPerson): Date | undefined {
    return this.lastSeen.get(person.id);
  }

  addArea(seed: AreaSeed): string {
    const id = newId();
    this.areas.set(seed.name, { id, seed });
    return id;
  }

  areaId(name: string): string {
    return lookup(this.areas, name, 'area').id;
  }

  areaScene(name: string): AreaSeed['scene'] {
    return lookup(this.areas, name, 'area').seed.scene;
  }

  /** Inactive areas still appear in history from before they were switched off. */
  areaInUse(name: string, daysAgo: number): boolean {
    const since = lookup(this.areas, name, 'area').seed.inactiveSinceDays;
    return since === null || daysAgo > since;
  }

  addCategory(name: string): string {
    const id = newId();
    this.categories.set(name, id);
    return id;
  }

  categoryId(name: string): string {
    return lookup(this.categories, name, 'category');
  }

  addItem(name: string): string {
    const id = newId();
    this.items.set(name, id);
    return id;
  }

  itemId(name: string): string {
    return lookup(this.items, name, 'item');
  }

  image(key: string): StoredImage {
    return lookup(this.images, key, 'image');
  }
}
