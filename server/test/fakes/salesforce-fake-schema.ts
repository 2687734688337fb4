// The objects the Salesforce stand-in keeps, as their describes present them (REST API Developer
// Guide, "sObject Describe"; Object Reference for Lead, Contact, Account, Task, Opportunity,
// OpportunityContactRole): name, label, type, whether the API may set it, and what a save requires.

export interface FakeFieldSchema {
  name: string;
  label: string;
  type: string;
  createable: boolean;
  updateable: boolean;
  required?: boolean;
  picklist?: string[];
}

const system = (name: string, label: string, type = "datetime"): FakeFieldSchema => ({ name, label, type, createable: false, updateable: false });
const text = (name: string, label: string, extra: Partial<FakeFieldSchema> = {}): FakeFieldSchema => ({ name, label, type: "string", createable: true, updateable: true, ...extra });
const reference = (name: string, label: string, required = false): FakeFieldSchema => ({ name, label, type: "reference", createable: true, updateable: true, required });

export const OPPORTUNITY_STAGES = ["Prospecting", "Qualification", "Needs Analysis", "Proposal/Price Quote", "Closed Won", "Closed Lost"];

const COMMON = [system("Id", "Record ID", "id"), system("CreatedDate", "Created Date"), system("SystemModstamp", "System Modstamp"), reference("OwnerId", "Owner ID")];

export const SCHEMA: Record<string, { keyPrefix: string; fields: FakeFieldSchema[] }> = {
  Lead: {
    keyPrefix: "00Q",
    fields: [
      ...COMMON,
      text("FirstName", "First Name"),
      text("LastName", "Last Name", { required: true }),
      { ...text("Email", "Email"), type: "email" },
      text("Company", "Company", { required: true }),
      text("Title", "Title"),
      { ...text("Status", "Status"), type: "picklist", picklist: ["Open - Not Contacted", "Working - Contacted", "Closed - Converted", "Closed - Not Converted"] },
      { ...system("IsConverted", "Converted", "boolean") },
      { ...text("LinkedIn_URL__c", "LinkedIn URL"), type: "url" },
    ],
  },
  Contact: {
    keyPrefix: "003",
    fields: [...COMMON, text("FirstName", "First Name"), text("LastName", "Last Name", { required: true }), { ...text("Email", "Email"), type: "email" }, text("Title", "Title"), reference("AccountId", "Account ID"), { ...text("LinkedIn_URL__c", "LinkedIn URL"), type: "url" }],
  },
  Account: {
    keyPrefix: "001",
    fields: [...COMMON, text("Name", "Account Name", { required: true }), { ...text("Type", "Account Type"), type: "picklist", picklist: ["Prospect", "Customer - Direct", "Customer - Channel", "Partner", "Other"] }],
  },
  Task: {
    keyPrefix: "00T",
    fields: [
      ...COMMON,
      reference("WhoId", "Name ID"),
      reference("WhatId", "Related To ID"),
      text("Subject", "Subject"),
      { ...text("Description", "Description"), type: "textarea" },
      { ...text("ActivityDate", "Due Date Only"), type: "date" },
      { ...text("Status", "Status", { required: true }), type: "picklist", picklist: ["Not Started", "In Progress", "Completed", "Waiting on someone else", "Deferred"] },
      { ...text("Priority", "Priority", { required: true }), type: "picklist", picklist: ["High", "Normal", "Low"] },
    ],
  },
  Opportunity: {
    keyPrefix: "006",
    fields: [
      ...COMMON,
      text("Name", "Name", { required: true }),
      { ...text("StageName", "Stage", { required: true }), type: "picklist", picklist: OPPORTUNITY_STAGES },
      { ...text("CloseDate", "Close Date", { required: true }), type: "date" },
      reference("AccountId", "Account ID"),
      { ...text("Description", "Description"), type: "textarea" },
    ],
  },
  OpportunityContactRole: {
    keyPrefix: "00K",
    fields: [...COMMON, reference("OpportunityId", "Opportunity ID", true), reference("ContactId", "Contact ID", true), { ...text("IsPrimary", "Primary"), type: "boolean" }, text("Role", "Role")],
  },
};

/** A describe in Salesforce's shape (the fields the provider and jsforce read, and their neighbours). */
export function describeObject(name: string): object | null {
  const schema = SCHEMA[name];
  if (!schema) return null;
  return {
    name,
    label: name,
    keyPrefix: schema.keyPrefix,
    createable: true,
    updateable: true,
    queryable: true,
    listviewable: true,
    fields: schema.fields.map((field) => ({
      name: field.name,
      label: field.label,
      type: field.type,
      createable: field.createable,
      updateable: field.updateable,
      nillable: !field.required,
      defaultedOnCreate: field.name === "Id" || field.name === "OwnerId",
      custom: field.name.endsWith("__c"),
      picklistValues: (field.picklist ?? []).map((value, index) => ({ active: true, defaultValue: index === 0, label: value, validFor: null, value })),
    })),
  };
}
