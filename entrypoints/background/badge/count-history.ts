import { bucketStart } from '@/utils/history/downsample';
import type { OnlineCountRow } from '@/utils/history/history-rows';
import type { HistoryWriter } from '@/utils/history/history-writer';
import { countsOfHour } from '@/utils/history/online-hours';
import { STORES } from '@/utils/history/schema';

/**
 * The recorded online counts the badge's Automatic pace learns from (utils/scheduler/count-pace.ts),
 * read through the background's writer (it carries no reader): rows with `from <= time <= to`,
 * each parsed (countsOfHour), oldest first.
 */
export function countHistory(writer: HistoryWriter): (from: number, to: number) => Promise<OnlineCountRow[]> {
  return (from, to) =>
    writer.withDatabase(async (db) => {
      if (!(from <= to)) return [];
      const hours = await db.getAll(STORES.onlineCounts, IDBKeyRange.bound(bucketStart(from), to));
      return hours.flatMap(countsOfHour).filter((row) => row.time >= from && row.time <= to);
    });
}
