import { reason } from '@urs/sync-protocol';
import { Refusal } from '../refusal.js';
import type { HandlerMap } from './context.js';

/*
 * The job mutations of decision 028. Until their handlers land (the next commit), a device that
 * sends one is told the server does not know it yet, as an older server would answer.
 */
const notYet = (name: string) => () => {
  throw new Refusal('unknown_mutation', reason('unknown_mutation', { name }));
};

export const jobHandlers: Pick<
  HandlerMap,
  'report.set_job' | 'report.hand_back' | 'comment.create'
> = {
  'report.set_job': notYet('report.set_job'),
  'report.hand_back': notYet('report.hand_back'),
  'comment.create': notYet('comment.create'),
};
