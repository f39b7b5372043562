import type { AppContext } from '../context.js';
import { appError } from '../errors/catalogue.js';
import { ALL_SITES, findOwnerById, ownerRunsSite, type Owner } from './store.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Removes an owner (their sessions, links and sites go with the row): `manager` is the owner doing it, or
 * undefined for the server's admin key. An owner manager removes only owners all of whose sites they run
 * (others are not theirs to see: 404), never themselves, and never the last owner with a password and the
 * `owner` role, so the console always keeps someone who can invite (409 OWNER_REMOVE_REFUSED).
 */
export async function removeOwner(ctx: AppContext, manager: Owner | undefined, ownerId: string): Promise<Owner> {
  if (!UUID.test(ownerId)) throw appError('OWNER_NOT_FOUND');
  return ctx.db.transaction(async (tx) => {
    // One removal at a time decides "the last owner", so two owners removing each other keep one.
    await tx.query('lock table owners in share row exclusive mode');
    const target = await findOwnerById(tx, ownerId);
    const mine =
      target &&
      (!manager || manager.sites.includes(ALL_SITES) || target.sites.every((id) => ownerRunsSite(manager, id)));
    if (!target || !mine) throw appError('OWNER_NOT_FOUND');
    if (manager?.id === target.id) throw appError('OWNER_REMOVE_REFUSED');
    if (target.role === 'owner' && target.passwordHash !== null) {
      const { rows } = await tx.query<{ n: number | string }>(
        "select count(*) as n from owners where role = 'owner' and password_hash is not null and id <> $1",
        [target.id],
      );
      if (Number(rows[0]?.n ?? 0) === 0) throw appError('OWNER_REMOVE_REFUSED');
    }
    await tx.query('delete from owners where id = $1', [target.id]);
    return target;
  });
}
