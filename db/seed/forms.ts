import { insertMessage, setMessageRead } from "../../core/messages/messages.repository.ts";
import { ContactMessageSchema } from "../../core/messages/messages.schema.ts";
import { newId } from "../../core/shared/ids.ts";
import { parseInput } from "../../core/shared/validation.ts";
import { insertSubscriber } from "../../core/subscribers/subscribers.repository.ts";
import { SubscribeSchema } from "../../core/subscribers/subscribers.schema.ts";
import { insertApplication } from "../../core/volunteers/volunteers.repository.ts";
import { VolunteerApplicationSchema, type VolunteerStatus } from "../../core/volunteers/volunteers.schema.ts";
import type { Services } from "../../server/services.ts";

// Written through the repositories, after the same schema checks as real submissions, so a
// fresh site with SMTP configured does not e-mail staff about demo visitors.

const HOUR = 60 * 60 * 1000;

const SUBSCRIBERS = ["selam.tadesse@example.org", "daniel.girma@example.com", "friends.of.hbb@example.net"];

const APPLICATIONS: Array<{ status: VolunteerStatus; input: Record<string, unknown> }> = [
  {
    status: "Pending",
    input: {
      fullName: "Bethlehem Alemu",
      email: "bethlehem.alemu@example.org",
      phone: "+251 911 402 118",
      age: 27,
      interest: "Skills-Based Volunteering",
      skillSet: "Early childhood education; Amharic and English literacy",
      motivation: "I trained as a preschool teacher and want to help the children who live with their mothers.",
      availability: "Weekends",
      linkedin: "https://www.linkedin.com/in/bethlehem-alemu",
    },
  },
  {
    status: "Contacted",
    input: {
      fullName: "Yonas Haile",
      email: "yonas.haile@example.com",
      phone: "+251 922 310 774",
      age: 34,
      interest: "Fundraising & Partnerships",
      motivation: "I run a small business network in Addis Ababa and can introduce partners.",
      availability: "Flexible",
      additionalComments: "Happy to meet at your office.",
    },
  },
  {
    status: "Accepted",
    input: {
      fullName: "Sara Mekonnen",
      email: "sara.mekonnen@example.net",
      phone: "+251 930 551 902",
      age: 22,
      interest: "Event Support",
      motivation: "I volunteered at the last charity run and would love to help again.",
      availability: "Weekends",
      twitter: "@saramek",
    },
  },
  {
    status: "Rejected",
    input: {
      fullName: "Tewodros Bekele",
      email: "tewodros.b@example.org",
      phone: "+251 944 120 337",
      age: 45,
      interest: "Other",
      otherInterestDetail: "Legal aid for women awaiting trial",
      motivation: "I am a retired lawyer.",
      availability: "Weekdays",
    },
  },
  {
    status: "Canceled",
    input: {
      fullName: "Liya Worku",
      email: "liya.worku@example.com",
      phone: "+251 955 874 210",
      age: 19,
      interest: "General Support",
      motivation: "I want to give back to my community.",
      availability: "Flexible",
    },
  },
];

const MESSAGES: Array<{ read: boolean; input: Record<string, unknown> }> = [
  {
    read: false,
    input: {
      name: "Martha Girma",
      email: "martha.girma@example.org",
      message: "Our women's association would like to donate sewing machines. Who should we talk to?",
    },
  },
  {
    read: false,
    input: {
      name: "James Carter",
      email: "james.carter@example.com",
      message: "Is it possible to sponsor school fees for one child for a full year?",
    },
  },
  {
    read: true,
    input: {
      name: "Hirut Tesfaye",
      email: "hirut.t@example.net",
      message: "Thank you for the visit last week. The children loved the books.",
    },
  },
];

export async function seedFormsDemo(services: Services): Promise<void> {
  const { db } = services.database;
  const now = services.clock().getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();

  for (const [i, email] of SUBSCRIBERS.entries()) {
    const data = parseInput(SubscribeSchema, { email });
    const created = at(24 * (i + 1) * 5);
    await insertSubscriber(db, {
      id: newId(),
      email: data.email,
      created_at: created,
      status: "confirmed",
      confirmed_at: created,
      source: "Website form",
    });
  }
  for (const [i, { status, input }] of APPLICATIONS.entries()) {
    const data = parseInput(VolunteerApplicationSchema, input);
    await insertApplication(db, {
      id: newId(),
      full_name: data.fullName,
      email: data.email,
      phone: data.phone,
      age: data.age,
      interest: data.interest,
      skill_set: data.skillSet ?? null,
      other_interest_detail: data.otherInterestDetail ?? null,
      motivation: data.motivation,
      availability: data.availability,
      linkedin: data.linkedin ?? null,
      twitter: data.twitter ?? null,
      additional_comments: data.additionalComments ?? null,
      status,
      created_at: at(30 * (i + 1)),
      status_changed_at: status === "Pending" ? null : at(30 * (i + 1)),
    });
  }
  for (const [i, { read, input }] of MESSAGES.entries()) {
    const data = parseInput(ContactMessageSchema, input);
    const message = await insertMessage(db, {
      id: newId(),
      name: data.name,
      email: data.email,
      message: data.message,
      is_read: 0,
      created_at: at(7 * (i + 1)),
    });
    if (read) await setMessageRead(db, message._id, true);
  }
}
