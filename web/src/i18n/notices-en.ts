// English for the header's bell (account/Bell.tsx): the account's notices and the browser's
// own notifications. Part of the catalogue (spread into en.ts).
export const noticesEn = {
  "bell.button": "Notifications: {n} unread",
  "bell.title": "Notifications",
  "bell.empty": "Nothing new.",
  "bell.your_turn": "Your turn against {name}",
  "bell.challenge": "{name} challenges you",
  "bell.won": "You won against {name}",
  "bell.lost": "You lost against {name}",
  "bell.drawn": "Draw against {name}",
  "bell.aborted": "Game against {name} aborted",
  "bell.tournament_starting": "An arena you joined has begun",
  "bell.tournament_game": "Your next arena game against {name}",
  "bell.challenge_accepted": "{name} accepted your challenge",
  "bell.challenge_declined": "{name} declined your challenge",
  "bell.unread": "unread",
  "bell.mark_read": "Mark all read",
  "bell.enable": "Show notifications from this browser",
  "bell.enabled": "This browser shows notifications while the page is in the background.",
  "bell.denied": "Notifications are blocked in this browser's site settings.",
};
