import type { PosterInfo, PosterReceipt } from '@urs/sync-protocol';
import { api } from '../../client/api.js';
import { UnexpectedResponseError } from '../../client/api-client.js';
import { field, stringField } from '../../lib/json-fields.js';

/*
 * The public poster form's calls (docs/decisions/029-public-problem-form.md). The answers are
 * read field by field rather than through the contract's zod schemas, so a visitor's page does
 * not download the validators for two small answers.
 */

const posterPath = (token: string) => `api/public/posters/${encodeURIComponent(token)}`;

/** A photo's upload may take a while on a school's mobile signal. */
const SEND_TIMEOUT_MS = 120_000;

export async function loadPoster(token: string): Promise<PosterInfo> {
  const body = await api.json('GET', posterPath(token));
  const school = stringField(body, 'school_name');
  const area = stringField(body, 'area_name');
  const open = field(body, 'open');
  if (school === undefined || area === undefined || typeof open !== 'boolean') {
    throw new UnexpectedResponseError('poster answer not recognised');
  }
  return { school_name: school, area_name: area, open };
}

export interface ProblemForm {
  description: string;
  name: string;
  contact: string;
}

export async function sendProblem(
  token: string,
  problem: ProblemForm,
  photo: Blob | null,
): Promise<PosterReceipt> {
  const body = new FormData();
  body.set('description', problem.description);
  if (problem.name.trim() !== '') body.set('name', problem.name);
  if (problem.contact.trim() !== '') body.set('contact', problem.contact);
  if (photo !== null) body.set('photo', photo, `foto.${photo.type.split('/')[1] ?? 'jpg'}`);
  const answer = await api.postForm(`${posterPath(token)}/reports`, body, SEND_TIMEOUT_MS);
  const reference = stringField(answer, 'reference');
  if (reference === undefined) throw new UnexpectedResponseError('receipt not recognised');
  return { reference };
}
