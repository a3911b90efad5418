import type { DatabaseHandle, Db } from "../../db/database.ts";
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type StaffRole } from "../access/roles.ts";
import type { Actor, Audit } from "../audit/audit.ts";
import { deleteSessionsOf, insertAdminIfAbsent } from "../auth/auth.repository.ts";
import { hashNewPassword } from "../auth/password.ts";
import type { EmailService } from "../email/email.service.ts";
import { type EmailContent, renderEmail } from "../email/render-email.ts";
import type { Clock } from "../shared/clock.ts";
import { ConflictError, NotFoundError } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isRecordId } from "../shared/record-id.ts";
import { parseInput } from "../shared/validation.ts";
import type { LinkPurpose, SingleUseLinks } from "../single-use-links/single-use-links.ts";
import * as repo from "./staff.repository.ts";
import {
  AcceptInvitationSchema,
  ALREADY_INVITED_MESSAGE,
  ALREADY_STAFF_MESSAGE,
  DEACTIVATE_SELF_MESSAGE,
  INVITATION_LIFETIME_MS,
  INVITATION_NOT_FOUND_MESSAGE,
  INVITATION_UNUSABLE_MESSAGE,
  type InvitationDetails,
  type InvitationSent,
  InviteSchema,
  LAST_ADMINISTRATOR_MESSAGE,
  type PendingInvitation,
  RoleChangeSchema,
  STAFF_NOT_FOUND_MESSAGE,
  type StaffMember,
  type StaffOverview,
} from "./staff.schema.ts";

/** How the audit log names a staff account and an invitation. */
const STAFF_ENTITY = "staff";
const INVITATION_ENTITY = "staff-invitation";

/**
 * Where an invitation link leads (app/routes/admin/accept-invitation.tsx). The token is the URL
 * fragment, which browsers never send: it stays out of request logs and the page posts it itself.
 */
export const acceptInvitationPath = (token: string) => `/admin/accept-invitation#${token}`;

/** An invitation's link is for the invitation (its id); a resend replaces it, revoking ends it. */
export const STAFF_INVITATION_LINKS: LinkPurpose = {
  name: "staff-invitation",
  lifetimeMs: INVITATION_LIFETIME_MS,
  uses: 1,
  replacesEarlier: true,
};

/** The link's token from a request body; anything else is a token that opens nothing. */
function tokenOf(input: unknown): string {
  const token = typeof input === "object" && input !== null ? (input as { token?: unknown }).token : undefined;
  return typeof token === "string" && token.length <= 200 ? token : "";
}

export interface StaffServiceDeps {
  database: DatabaseHandle;
  clock: Clock;
  links: SingleUseLinks;
  email: EmailService;
  audit: Audit;
  siteUrl: string;
}

function invitationMail(invitation: { role: StaffRole; expiresAt: Date }, inviter: Actor, url: string): EmailContent {
  const role = ROLE_LABELS[invitation.role];
  const expires = invitation.expiresAt.toUTCString().replace("GMT", "UTC");
  return {
    subject: "You are invited to the Hope Behind Bars back office",
    preview: `${inviter.email} invited you to join as ${role}.`,
    heading: "Join the Hope Behind Bars back office",
    intro: [
      `${inviter.email} invited you to the Hope Behind Bars back office as ${role}: ${ROLE_DESCRIPTIONS[invitation.role]}`,
      "Follow the link to choose your name and password.",
    ],
    action: { label: "Accept the invitation", url },
    footer: [
      `The link works once and expires on ${expires} (72 hours after it was sent).`,
      "If you did not expect this invitation, ignore this e-mail: nothing happens without you.",
    ],
  };
}

/**
 * Staff accounts and invitations (docs/decisions/0220-staff-invitations.md): who works in the back office, with which role.
 * Accounts come from invitations (or, for Administrators, the command line and ADMIN_EMAIL); the last
 * active Administrator can be neither demoted nor deactivated, so the site always has someone who
 * can manage it.
 */
export function createStaffService({ database, clock, links, email, audit, siteUrl }: StaffServiceDeps) {
  const { db, dialect } = database;
  const nowIso = () => clock().toISOString();

  /** A new link for the invitation (ending its last one), and when it was sent. */
  async function newLink(trx: Db, invitationId: string) {
    const sentAt = nowIso();
    const { token, expiresAt } = await links.issue(trx, STAFF_INVITATION_LINKS, invitationId);
    return { url: `${siteUrl}${acceptInvitationPath(token)}`, sentAt, expiresAt };
  }

  /** Queues the invitation e-mail (when the site can send any) and says what the Administrator gets back. */
  async function deliver(
    trx: Db,
    invitation: PendingInvitation,
    link: Awaited<ReturnType<typeof newLink>>,
    actor: Actor,
  ): Promise<InvitationSent> {
    if (!email.enabled) return { invitation, emailed: false, link: link.url };
    const mail = await renderEmail(
      invitationMail({ role: invitation.role, expiresAt: link.expiresAt }, actor, link.url),
    );
    await email.send(trx, invitation.email, mail);
    return { invitation, emailed: true };
  }

  async function memberOrThrow(trx: Db, id: string): Promise<StaffMember> {
    const member = isRecordId(id) ? await repo.findStaff(trx, id) : undefined;
    if (!member) throw new NotFoundError(STAFF_NOT_FOUND_MESSAGE);
    return member;
  }

  /** Refuses a change that would leave no active Administrator. */
  async function keepAnAdministrator(trx: Db, member: StaffMember) {
    const administrators = await repo.lockActiveAdministrators(trx, dialect);
    if (administrators.length === 1 && administrators[0] === member.id) {
      throw new ConflictError(LAST_ADMINISTRATOR_MESSAGE);
    }
  }

  async function setActive(id: string, active: boolean, actor: Actor): Promise<StaffMember> {
    return db.transaction().execute(async (trx) => {
      const member = await memberOrThrow(trx, id);
      if (active === (member.status === "active")) return member;
      if (!active) {
        if (member.id === actor.id) throw new ConflictError(DEACTIVATE_SELF_MESSAGE);
        if (member.role === "administrator") await keepAnAdministrator(trx, member);
        // Sessions end at once: the account's tokens no longer authenticate from this commit on.
        await deleteSessionsOf(trx, member.id);
      }
      await repo.setDeactivatedAt(trx, member.id, active ? null : nowIso(), nowIso());
      await audit.record(trx, actor, {
        action: active ? "reactivate" : "deactivate",
        entity: STAFF_ENTITY,
        entityId: member.id,
      });
      return memberOrThrow(trx, id);
    });
  }

  return {
    async overview(): Promise<StaffOverview> {
      const [staff, invitations] = await Promise.all([repo.listStaff(db), repo.listOpenInvitations(db, nowIso())]);
      return { staff, invitations, emailEnabled: email.enabled };
    },

    /** Invites an address with a role: a single-use link, valid 72 hours, e-mailed in the same transaction. */
    async invite(input: unknown, actor: Actor): Promise<InvitationSent> {
      const { email: address, role } = parseInput(InviteSchema, input);
      const sent = await db.transaction().execute(async (trx) => {
        if (await repo.staffEmailExists(trx, address)) throw new ConflictError(ALREADY_STAFF_MESSAGE);
        if (await repo.findOpenInvitationByEmail(trx, address)) throw new ConflictError(ALREADY_INVITED_MESSAGE);
        const id = newId();
        const link = await newLink(trx, id);
        await repo.insertInvitation(trx, {
          id,
          email: address,
          role,
          invited_by: actor.id,
          created_at: link.sentAt,
          sent_at: link.sentAt,
          expires_at: link.expiresAt.toISOString(),
          accepted_at: null,
          revoked_at: null,
        });
        await audit.record(trx, actor, {
          action: "invite",
          entity: INVITATION_ENTITY,
          entityId: id,
          fields: ["email", "role"],
          values: { role, step: "sent" },
        });
        const invitation = await repo.findOpenInvitation(trx, id, link.sentAt);
        return deliver(trx, invitation as PendingInvitation, link, actor);
      });
      email.wake();
      return sent;
    },

    /** A new link for an open invitation (expired or not); the previous link stops working. */
    async resend(id: string, actor: Actor): Promise<InvitationSent> {
      const sent = await db.transaction().execute(async (trx) => {
        if (!isRecordId(id)) throw new NotFoundError(INVITATION_NOT_FOUND_MESSAGE);
        const link = await newLink(trx, id);
        const resent = await repo.markResent(trx, id, { sentAt: link.sentAt, expiresAt: link.expiresAt.toISOString() });
        if (!resent) throw new NotFoundError(INVITATION_NOT_FOUND_MESSAGE); // rolls the new link back too
        const invitation = (await repo.findOpenInvitation(trx, id, link.sentAt)) as PendingInvitation;
        await audit.record(trx, actor, {
          action: "invite",
          entity: INVITATION_ENTITY,
          entityId: id,
          values: { role: invitation.role, step: "resent" },
        });
        return deliver(trx, invitation, link, actor);
      });
      email.wake();
      return sent;
    },

    async revoke(id: string, actor: Actor): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!isRecordId(id) || !(await repo.closeInvitation(trx, id, "revoked_at", nowIso()))) {
          throw new NotFoundError(INVITATION_NOT_FOUND_MESSAGE);
        }
        await links.endAll(trx, STAFF_INVITATION_LINKS, id);
        await audit.record(trx, actor, {
          action: "invite",
          entity: INVITATION_ENTITY,
          entityId: id,
          values: { step: "revoked" },
        });
      });
    },

    async changeRole(id: string, input: unknown, actor: Actor): Promise<StaffMember> {
      const { role } = parseInput(RoleChangeSchema, input);
      return db.transaction().execute(async (trx) => {
        const member = await memberOrThrow(trx, id);
        if (member.role === role) return member;
        if (member.role === "administrator" && member.status === "active") await keepAnAdministrator(trx, member);
        await repo.setRole(trx, member.id, role, nowIso());
        await audit.record(trx, actor, {
          action: "role",
          entity: STAFF_ENTITY,
          entityId: member.id,
          fields: ["role"],
          values: { from: member.role, to: role },
        });
        return { ...member, role };
      });
    },

    deactivate: (id: string, actor: Actor) => setActive(id, false, actor),
    reactivate: (id: string, actor: Actor) => setActive(id, true, actor),

    /** What an invitation link is for, or 404 with a plain explanation when it no longer works. */
    async readInvitation(input: unknown): Promise<InvitationDetails> {
      const id = await links.peek(db, STAFF_INVITATION_LINKS, tokenOf(input));
      const invitation = id && (await repo.findUsableInvitation(db, id));
      if (!invitation) throw new NotFoundError(INVITATION_UNUSABLE_MESSAGE);
      return { email: invitation.email, role: invitation.role };
    },

    /**
     * The invitee sets a name and password: the account is created with the invitation's role and
     * the link is used up, together. They then sign in like everyone else (and so meet any second
     * factor the site asks for).
     */
    async acceptInvitation(input: unknown, ip: string): Promise<InvitationDetails> {
      const token = tokenOf(input);
      const { name, password } = parseInput(AcceptInvitationSchema, input);
      if (!(await links.peek(db, STAFF_INVITATION_LINKS, token))) throw new NotFoundError(INVITATION_UNUSABLE_MESSAGE);
      const passwordHash = await hashNewPassword(password);
      return db.transaction().execute(async (trx) => {
        const now = nowIso();
        // Used inside the transaction: the link may have been used, revoked or resent meanwhile.
        const invitationId = await links.use(trx, STAFF_INVITATION_LINKS, token);
        const invitation = invitationId && (await repo.findUsableInvitation(trx, invitationId));
        if (!invitation || !(await repo.closeInvitation(trx, invitation.id, "accepted_at", now))) {
          throw new NotFoundError(INVITATION_UNUSABLE_MESSAGE);
        }
        const id = newId();
        const account = { id, email: invitation.email, name, role: invitation.role, passwordHash };
        if (!(await insertAdminIfAbsent(trx, { ...account, envPasswordHash: null, now }))) {
          throw new ConflictError(ALREADY_STAFF_MESSAGE);
        }
        const actor: Actor = { id, email: invitation.email, ip };
        await audit.record(trx, actor, {
          action: "invite",
          entity: INVITATION_ENTITY,
          entityId: invitation.id,
          values: { step: "accepted" },
        });
        await audit.record(trx, actor, {
          action: "create",
          entity: STAFF_ENTITY,
          entityId: id,
          fields: ["name", "password"],
          values: { role: invitation.role },
        });
        return { email: invitation.email, role: invitation.role };
      });
    },
  };
}
