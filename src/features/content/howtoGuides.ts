import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** The seven how-to guides (docs/rules.md "Pages"), in the order a new player needs them. */
export const HOWTO_SLUGS = [
  "register-addbank",
  "deposit",
  "lotto",
  "lotto4d",
  "result-poy",
  "withdraw",
  "forgot-pin",
] as const;
export type HowtoSlug = (typeof HOWTO_SLUGS)[number];

export interface GuideStep {
  title: MessageDescriptor;
  body: MessageDescriptor;
}

export interface Guide {
  title: MessageDescriptor;
  summary: MessageDescriptor;
  steps: GuideStep[];
  /** Short facts worth knowing: limits, rules, what to do when something goes wrong. */
  tips: MessageDescriptor[];
}

export const GUIDES: Record<HowtoSlug, Guide> = {
  "register-addbank": {
    title: msg`How to sign up and add a bank account`,
    summary: msg`Create your LOTTOUP account, log in, and add the bank account you will use to deposit and withdraw.`,
    steps: [
      {
        title: msg`Choose a username`,
        body: msg`Open Register and choose a username of lowercase English letters and digits only, at least 6 characters long. It cannot have more than 4 identical characters in a row, so aaaaa1 is refused.`,
      },
      {
        title: msg`Set your PIN`,
        body: msg`Your PIN, also called password, must be 8 to 30 characters with at least one uppercase letter, one lowercase letter, one digit and one of # ? ! @ $ % ^ & * - or a space. Type it a second time to confirm it.`,
      },
      {
        title: msg`Enter your phone number`,
        body: msg`Enter the mobile number you use, then send the form. This number receives the SMS code if you ever need to reset your PIN.`,
      },
      {
        title: msg`Log in`,
        body: msg`On the login screen, enter your username first, then your PIN. After you log in you reach the main page.`,
      },
      {
        title: msg`Add your bank account`,
        body: msg`Open Bank, Add bank account, choose your bank and enter the account number. The account holder name must match your member name, or your withdrawals will be refused.`,
      },
    ],
    tips: [
      msg`Keep your PIN to yourself. After 5 wrong login attempts the account is locked and only the call center can unlock it.`,
      msg`Use a bank account in your own name: it is used to match your deposits and to pay your withdrawals.`,
      msg`Check the account number carefully before you save it.`,
    ],
  },
  deposit: {
    title: msg`How to deposit`,
    summary: msg`Top up your LOTTOUP credit from your own bank account. Credit arrives in your balance as soon as the transfer is confirmed.`,
    steps: [
      {
        title: msg`Add your bank account first`,
        body: msg`Deposits are matched to the bank accounts on your profile. Add the account you will transfer from under Bank, Add bank account, if you have not done so.`,
      },
      {
        title: msg`Open Credit, Deposit and choose a channel`,
        body: msg`Fast deposit gives you an exact amount to transfer and credits you automatically. Normal deposit lets you report a transfer you have made. QR code, TrueMoney and crypto are offered when available.`,
      },
      {
        title: msg`Transfer exactly the amount shown`,
        body: msg`For a fast deposit the site asks for an amount with satang, for example 100.37 instead of 100. Transfer that exact amount before the countdown ends: the satang let us find your transfer among all others.`,
      },
      {
        title: msg`Watch your balance`,
        body: msg`Your balance in the top bar updates by itself when the deposit is approved. You can follow every request under Credit, Status.`,
      },
    ],
    tips: [
      msg`Transfer only from a bank account registered in your own name.`,
      msg`If the countdown ends before you transfer, start a new request: never transfer to an expired request.`,
      msg`A normal deposit is checked by staff and can take a few minutes.`,
    ],
  },
  lotto: {
    title: msg`How to buy Thai lotto`,
    summary: msg`Choose a lottery and a round, pick your options and numbers, set your stakes and confirm the slip before the round closes.`,
    steps: [
      {
        title: msg`Choose a lottery and a round`,
        body: msg`Open Lotto and choose the government lottery (drawn on the 1st and 16th of the month), yeekee (every 15 minutes, or every 5 minutes), ping-pong (every hour) or a stock lottery (one round per market session). Then choose a round that is still open: bets are taken only until its close time.`,
      },
      {
        title: msg`Pick your options`,
        body: msg`Choose one or more of 3 top, 3 tode, 3 front, 3 back, 2 top, 2 bottom, run top and run bottom. 3 front and 3 back are offered for the government lottery only. Options that cannot be combined are deselected for you.`,
      },
      {
        title: msg`Enter your numbers`,
        body: msg`Type each number, or use a helper to add many at once. 6-shuffle adds every order of a 3-digit number, reverse adds both orders of a 2-digit number, and 19 doors, rood front and rood back add the 2-digit numbers that contain your digit anywhere, in front or at the back. Doubles (00, 11 to 99), low (00 to 49), high (50 to 99), even and odd add whole sets of 2-digit numbers.`,
      },
      {
        title: msg`Set the stake for each line`,
        body: msg`Each line starts at the minimum stake for its option. You can raise it, but not above the maximum the round allows for that option.`,
      },
      {
        title: msg`Check the rates and confirm`,
        body: msg`A restricted number can have a lower rate or be closed, and closed numbers are left out of the slip. If rates change before you confirm, the site shows the new rates and you confirm again. You are never paid less than the rate shown when your slip was accepted.`,
      },
      {
        title: msg`Know how each option wins`,
        body: msg`In the government lottery, 3 top is the last 3 digits of the first prize and 2 bottom is its own 2-digit prize; 3 front and 3 back each have two 3-digit prizes. With first prize 123456 and 2 bottom 78, 3 top wins on 456, 3 tode on any order of 456 such as 645, 2 top on 56, 2 bottom on 78, run top on 4, 5 or 6 and run bottom on 7 or 8. Run top pays once even if your digit appears twice.`,
      },
    ],
    tips: [
      msg`Yeekee and ping-pong use a 5-digit result ABCDE: 3 top is CDE, 2 top is DE and 2 bottom is AB.`,
      msg`Your draft slip is kept on this device and you can build it offline, but placing the slip needs a connection.`,
      msg`All close times are Thailand time.`,
    ],
  },
  lotto4d: {
    title: msg`How to buy 4-digit lotto`,
    summary: msg`Hanoi, Lao, Lao Super and Malay lotteries draw a 4-digit number. You buy them like Thai lotto, with their own options.`,
    steps: [
      {
        title: msg`Choose a lottery and a round`,
        body: msg`Open Lotto and choose Hanoi, Lao, Lao Super or Malay. Pick a round that is still open, before its close time.`,
      },
      {
        title: msg`Pick your options`,
        body: msg`4 top wins when your number matches the 4 digits exactly, and 4 tode wins on any order of them. 3 top and 3 tode use the last 3 digits, 3 front the first 3, 2 front the first 2 and 2 back the last 2.`,
      },
      {
        title: msg`Enter numbers and stakes`,
        body: msg`Type your numbers and set a stake for each line. Each stake starts at the minimum and cannot go above the round maximum.`,
      },
      {
        title: msg`Check the rates and confirm`,
        body: msg`Check the rate of each line, then confirm. If rates change before you confirm, the site shows the new rates and you confirm again.`,
      },
    ],
    tips: [
      msg`Lao example: the draw 564693 gives 4693, so 4 top wins on 4693, 3 top on 693, 3 front on 469, 2 front on 46 and 2 back on 93.`,
      msg`In that example the 2 top number is 93 and the 2 bottom number is 46.`,
      msg`A 4 tode number with four different digits covers 24 orders; repeated digits cover fewer.`,
    ],
  },
  "result-poy": {
    title: msg`How to check results and your slips`,
    summary: msg`See draw results on the Results page and follow every slip you placed in Poy. Winnings are paid to your balance automatically.`,
    steps: [
      {
        title: msg`Check the results`,
        body: msg`Open Results and choose the lottery and the date. Each round shows its result once the draw is done.`,
      },
      {
        title: msg`Open your slips in Poy`,
        body: msg`Poy lists every slip you have placed with its status: waiting, won, lost, cancelled or refunded. Open a slip to see each line, its stake and the rate it was accepted at.`,
      },
      {
        title: msg`Get paid`,
        body: msg`A winning line pays its stake times the rate accepted on your slip. The money goes to your balance automatically and exactly once, and the balance in the top bar updates by itself.`,
      },
      {
        title: msg`How yeekee results are made`,
        body: msg`While a yeekee round is open, and for about 2 minutes after it closes, members shoot 5-digit numbers. The result is the sum of all shots minus the 16th shot counting back from the latest, keeping the last 5 digits. The full list of shots is public, so anyone can check the result.`,
      },
    ],
    tips: [
      msg`Yeekee example: shots summing to 1,234,567,890 with a 16th-latest shot of 51,876 give 1,234,516,014, so the result is 16014: 3 top 014, 2 top 14, 2 bottom 16.`,
      msg`If a yeekee round gets fewer than 20 shots, it is cancelled and every slip is refunded to your balance.`,
      msg`You do not need to claim a prize. Every payout and refund also appears under Credit, Statement.`,
    ],
  },
  withdraw: {
    title: msg`How to withdraw`,
    summary: msg`Move credit from your LOTTOUP balance to your own bank account. The amount is held when you ask, then either paid to your bank or returned to your balance.`,
    steps: [
      {
        title: msg`Check your bank account`,
        body: msg`Withdrawals go only to a verified bank account in your own name. Add it under Bank, Add bank account if you have not done so.`,
      },
      {
        title: msg`Open Credit, Withdraw`,
        body: msg`Choose your bank account and enter the amount. You can withdraw up to 49,000 baht at a time.`,
      },
      {
        title: msg`Send the request`,
        body: msg`The amount leaves your balance and is held as soon as you send the request. It is then paid to your bank account once, or returned to your balance once if the withdrawal cannot be made.`,
      },
      {
        title: msg`Follow it under Credit, Status`,
        body: msg`Credit, Status shows where your withdrawal stands. Wait for it to finish before you ask for another one.`,
      },
    ],
    tips: [
      msg`Limits: 49,000 baht per withdrawal, 200,000 baht per day and 5 withdrawals per day.`,
      msg`Only one request can run at a time. If the site asks you to wait for the previous transaction to finish, check Credit, Status.`,
      msg`A withdrawal is refused when the bank account name does not match your member name. Contact support if your name is wrong.`,
    ],
  },
  "forgot-pin": {
    title: msg`How to reset a forgotten PIN`,
    summary: msg`If you forget your PIN, set a new one with a code sent by SMS to the phone number on your account.`,
    steps: [
      {
        title: msg`Open Forgot PIN`,
        body: msg`Tap Forgot PIN on the login screen. Enter your username and the phone number you registered with.`,
      },
      {
        title: msg`Receive the SMS code`,
        body: msg`A 6-digit code (OTP) is sent by SMS to that number. The screen shows a reference code: check that it matches the one in the SMS.`,
      },
      {
        title: msg`Enter the code`,
        body: msg`Enter the 6-digit code before it expires. You have a limited number of tries; if the code expires or you run out of tries, start again to get a new code.`,
      },
      {
        title: msg`Set a new PIN`,
        body: msg`Choose a new PIN of 8 to 30 characters with an uppercase letter, a lowercase letter, a digit and one of # ? ! @ $ % ^ & * - or a space.`,
      },
      {
        title: msg`Log in`,
        body: msg`Go back to the login screen and log in with your username and your new PIN.`,
      },
    ],
    tips: [
      msg`After 5 wrong login attempts the account is locked and only the call center can unlock it, so reset your PIN before you run out of tries.`,
      msg`Never share the SMS code with anyone, even someone who says they are staff.`,
      msg`If you no longer have the registered phone number, contact the call center.`,
    ],
  },
};
