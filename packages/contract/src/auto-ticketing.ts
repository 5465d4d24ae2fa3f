import { z } from 'zod';
import type { PrivilegeRule } from './privileges.ts';
import { isTicketEmail, TICKET_ASSOCIATIONS, TICKET_TEXTS } from './tickets.ts';

// Auto-ticketing (spec 3 §2 "Auto Ticketing", §3 "Auto-ticket config", §5; decision 0031): per data source, which
// columns group its open rows into tickets (brand, partner) and describe them (subject, tag, order id), who is told
// (notify-from e-mail) and who gets the tickets of each marketplace brand (assignee blocks, at least one).

/** Reading the drawer: the data source page's readers; saving and deleting: its editors. */
export const AUTO_TICKET_READ_PRIVILEGE: PrivilegeRule = {
  anyOf: ['dataSources', 'viewDataSource', 'createEditDataSource'],
};
export const AUTO_TICKET_WRITE_PRIVILEGE: PrivilegeRule = { code: 'createEditDataSource' };

export const AUTO_TICKET_TEXTS = {
  /** Spec 3 §2, word for word. */
  created: 'Auto Ticketing Created Successfully!',
  updated: 'Auto Ticketing Updated Successfully!',
  deleted: 'Auto Ticketing Deleted Successfully!',
  /** Spec 3 §5. */
  assigneeBlockRequired: 'Auto-ticketing needs at least one assignee block',
  brandRequired: 'Marketplace brand is required',
  brandTwice: 'Each marketplace brand may have one assignee block',
  brandNotFound: 'Marketplace brand not found',
  assigneeRequired: 'Each assignee block needs at least one assignee',
  brandColumnRequired: 'Brand column is required',
  columnNotFound: 'is not a column of this data source',
  notifyEmailInvalid: 'Invalid Email',
  notFound: 'Auto ticketing not found',
  dataSourceNotFound: 'Data source not found',
  alreadyExists: 'This data source already has auto ticketing: update it instead',
  userNotFound: 'An assignee is not a user of this module',
} as const;

/** The columns of a config a user picks among the data source's columns. */
export const AUTO_TICKET_COLUMN_FIELDS = [
  'partnerColumn',
  'brandColumn',
  'subjectColumn',
  'tagColumn',
  'orderIdColumn',
] as const;
export type AutoTicketColumnField = (typeof AUTO_TICKET_COLUMN_FIELDS)[number];

/** A person of an assignee block: a user of the module (assignedTo.id) or an outside e-mail (assignedToEmail). */
export const autoTicketAssigneeSchema = z
  .object({
    associatedAs: z.enum(TICKET_ASSOCIATIONS).default('ASSIGNED'),
    assignedTo: z.object({ id: z.number().int().positive() }).nullish(),
    assignedToEmail: z.string().trim().nullish(),
  })
  .superRefine((v, ctx) => {
    const hasEmail = !!v.assignedToEmail;
    if (!v.assignedTo === !hasEmail) ctx.addIssue({ code: 'custom', message: TICKET_TEXTS.oneUserRef });
    else if (hasEmail && !isTicketEmail(v.assignedToEmail ?? ''))
      ctx.addIssue({ code: 'custom', message: TICKET_TEXTS.invalidEmail });
  });
export type AutoTicketAssignee = z.input<typeof autoTicketAssigneeSchema>;

export const autoTicketBlockSchema = z.object({
  marketplaceBrand: z.object({ id: z.number().int().positive() }, { error: AUTO_TICKET_TEXTS.brandRequired }),
  assignees: z.array(autoTicketAssigneeSchema).min(1, AUTO_TICKET_TEXTS.assigneeRequired).max(50),
});
export type AutoTicketBlock = z.input<typeof autoTicketBlockSchema>;

const column = z.string().trim().max(200).nullish();

/** POST / PUT v2/autoTicketConfig (PUT carries the id). */
export const autoTicketConfigBodySchema = z
  .object({
    id: z.number().int().positive().nullish(),
    configEnabled: z.boolean().default(true),
    partnerColumn: column,
    brandColumn: z
      .string({ error: AUTO_TICKET_TEXTS.brandColumnRequired })
      .trim()
      .min(1, AUTO_TICKET_TEXTS.brandColumnRequired)
      .max(200),
    subjectColumn: column,
    tagColumn: column,
    orderIdColumn: column,
    notifyFromEmail: z
      .string()
      .trim()
      .max(320)
      .nullish()
      .refine((v) => !v || isTicketEmail(v), AUTO_TICKET_TEXTS.notifyEmailInvalid),
    dataSource: z.object({ id: z.number().int().positive() }),
    assignees: z.array(autoTicketBlockSchema).min(1, AUTO_TICKET_TEXTS.assigneeBlockRequired).max(50),
  })
  .superRefine((v, ctx) => {
    const ids = v.assignees.map((b) => b.marketplaceBrand.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', message: AUTO_TICKET_TEXTS.brandTwice, path: ['assignees'] });
  });
export type AutoTicketConfigBody = z.input<typeof autoTicketConfigBodySchema>;

export const autoTicketAssigneeAnswerSchema = z.object({
  associatedAs: z.enum(TICKET_ASSOCIATIONS),
  assignedTo: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  assignedToEmail: z.string().nullable(),
});

export const autoTicketConfigSchema = z.object({
  id: z.number().int(),
  configEnabled: z.boolean(),
  partnerColumn: z.string().nullable(),
  brandColumn: z.string(),
  subjectColumn: z.string().nullable(),
  tagColumn: z.string().nullable(),
  orderIdColumn: z.string().nullable(),
  notifyFromEmail: z.string().nullable(),
  dataSource: z.object({ id: z.number().int() }),
  assignees: z.array(
    z.object({
      marketplaceBrand: z.object({ id: z.number().int(), name: z.string() }),
      assignees: z.array(autoTicketAssigneeAnswerSchema),
    }),
  ),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type AutoTicketConfig = z.infer<typeof autoTicketConfigSchema>;

/**
 * GET answer: the data source's config, or null when it has none (the drawer opens empty, to create), and the
 * drawer's choices: the data source's columns, the module's brand logins and its active users.
 */
export const autoTicketConfigAnswerSchema = z.object({
  data: autoTicketConfigSchema.nullable(),
  options: z.object({
    columns: z.array(z.string()),
    brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
    users: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() })),
  }),
});
export type AutoTicketConfigAnswer = z.infer<typeof autoTicketConfigAnswerSchema>;

export const autoTicketConfigQuerySchema = z.object({
  Find: z.literal('ByDataSource'),
  dataSourceId: z.coerce.number().int().positive({ error: AUTO_TICKET_TEXTS.dataSourceNotFound }),
});
export const autoTicketIdParamsSchema = z.object({ autoTicketingId: z.coerce.number().int().positive() });

/** What a save or delete answers: the spec's success text and the config as stored (null once deleted). */
export const autoTicketSavedSchema = z.object({ message: z.string(), data: autoTicketConfigSchema.nullable() });
export type AutoTicketSaved = z.infer<typeof autoTicketSavedSchema>;

/** The ticket fields auto-ticketing fills (decision 0031). */
export const AUTO_TICKET_EXTERNAL_TYPE = 'AUTO_TICKET';
