-- sharkdp-driver: the AI of sharkdp/yinsh (David Peter's YINSH in Haskell, MIT licence, not
-- part of this project) behind the engine protocol of SPEC section 6, so that
-- `yinsh match -b "cmd:sharkdp-driver"` plays it. Build: build.sh next to this file.
-- Usage: sharkdp-driver [plies 1..6] [server|browser]: plies of its negascout search (a ply
-- there is a whole turn: a ring move with its removals), and which of its two shipped players:
-- `server` (its backend: aiFloyd 3 mhNumber rhControlledMarkers, the default) or `browser`
-- (its in-page AI: aiFloyd 3 mhNumber rhZero). It searches to that depth whatever `go` says,
-- and writes each decision with its thinking time to stderr.
--
-- Points: the project's (column c, row r), both from 0, and sharkdp's (x, y) with the centre
-- f6 at (0, 0) share the three lines (0,1), (1,0), (1,1): x = c - 5, y = r - 5 (checked at
-- start against sharkdp's own 85 points). Decisions are applied with sharkdp's own
-- newGameState, except two things its rules do not have: a row removal names its window
-- (sharkdp picks one window of a longer line itself), so the driver removes exactly the five
-- markers named, in a state where sharkdp expects a row removal by that side; and `pass`
-- (no ring can move) hands the turn over. Anything else it cannot follow gets `error` and
-- `bestmove (none)`, which the match scores as sharkdp's forfeit.
module Main (main) where

import Control.Monad (unless)
import Data.Char (isDigit, toLower)
import Data.IORef
import Data.List (foldl', sort, (\\))
import Data.Maybe (fromJust)
import GHC.Clock (getMonotonicTimeNSec)
import System.Environment (getArgs)
import System.Exit (exitWith, ExitCode (..))
import System.IO
import Text.Read (readMaybe)

import AI (gamestates)
import Floyd
import Yinsh

pointText :: YCoord -> String
pointText (x, y) = toEnum (fromEnum 'a' + x + 5) : show (y + 6)

parsePoint :: String -> Maybe YCoord
parsePoint (l : ds)
  | not (null ds), length ds <= 2, all isDigit ds, p `elem` coords = Just p
  where p = (fromEnum (toLower l) - fromEnum 'a' - 5, read ds - 6)
parsePoint _ = Nothing

-- Waiting turns are sharkdp's device to keep turns alternating; the project has none.
settle :: GameState -> GameState
settle gs = case turnMode gs of
  WaitRemoveRun _ -> settle (fromJust (newGameState gs (0, 0)))
  WaitAddMarker -> settle (fromJust (newGameState gs (0, 0)))
  _ -> gs

apply :: GameState -> String -> Maybe GameState
apply gs0 d
  | terminalState gs = Nothing
  | otherwise = case (turnMode gs, map toLower d) of
      (AddMarker, "pass")
        | null (gamestates gs) -> Just gs {activePlayer = next (activePlayer gs)}
      (AddRing, s) -> parsePoint s >>= newGameState gs
      (AddMarker, s) | (a, '-' : b) <- break (== '-') s -> do
        pa <- parsePoint a
        pb <- parsePoint b
        newGameState gs pa >>= (`newGameState` pb)
      (RemoveRun lastMover, 'x' : s) | (a, '-' : b) <- break (== '-') s -> do
        pa <- parsePoint a
        pb <- parsePoint b
        let row = pa : coordLine pa pb ++ [pb]
            own = markers (activePlayer gs) (board gs)
        unless (connected pa pb && length row == 5 && all (`elem` own) row) Nothing
        Just gs {turnMode = RemoveRing lastMover, board = foldl' removeElement (board gs) row}
      (RemoveRing _, 'x' : s) -> parsePoint s >>= newGameState gs
      _ -> Nothing
  where gs = settle gs0

-- The decision that leads from `before` towards `after` (sharkdp's next turn state).
describe :: GameState -> GameState -> String
describe before after = case turnMode before of
  AddRing -> pointText (only (rs after \\ rs before))
  AddMarker ->
    pointText (only (rs before \\ rs after)) ++ "-" ++ pointText (only (rs after \\ rs before))
  RemoveRun _ ->
    let row = sort (ms before \\ ms after)
    in "x" ++ pointText (head row) ++ "-" ++ pointText (last row)
  _ -> ringRemoval before after
  where
    p = activePlayer before
    rs g = rings p (board g)
    ms g = markers p (board g)
    only [c] = c
    only cs = error ("sharkdp-driver: expected one point, got " ++ show cs)

ringRemoval :: GameState -> GameState -> String
ringRemoval before after =
  "x" ++ pointText (head (rings p (board before) \\ rings p (board after)))
  where p = activePlayer before

data Driver = Driver {_states :: [GameState], failed :: Maybe String}

main :: IO ()
main = do
  args <- getArgs
  case options args of
    Just (plies, rh) -> run (aiFloyd plies mhNumber rh)
    Nothing -> do
      hPutStrLn stderr "usage: sharkdp-driver [plies 1..6] [server|browser]"
      exitWith (ExitFailure 2)

options :: [String] -> Maybe (Int, Board -> Player -> Int)
options args = case args of
  [] -> Just (3, rhControlledMarkers)
  [n] -> (\k -> (k, rhControlledMarkers)) <$> depth n
  [n, "server"] -> (\k -> (k, rhControlledMarkers)) <$> depth n
  [n, "browser"] -> (\k -> (k, rhZero)) <$> depth n
  _ -> Nothing
  where depth n = case readMaybe n of
          Just k | k >= 1 && k <= 6 -> Just k
          _ -> Nothing

run :: (GameState -> GameState) -> IO ()
run ai = do
  unless (length coords == 85 && all (\c -> parsePoint (pointText c) == Just c) coords) $ do
    putStrLn "error coordinate map broken"
    exitWith (ExitFailure 1)
  hSetBuffering stdout LineBuffering
  st <- newIORef (Driver [initialGameState] Nothing)
  let loop = do
        eof <- isEOF
        unless eof $ do
          ws <- words <$> getLine
          case ws of
            ["isready"] -> putStrLn "readyok" >> loop
            ("newgame" : _) -> writeIORef st (Driver [initialGameState] Nothing) >> loop
            ("quit" : _) -> return ()
            ("position" : "startpos" : rest) -> do
              let ds = case rest of
                    ("moves" : xs) -> xs
                    _ -> []
                  step (Driver hs Nothing, i) d = case apply (head hs) d of
                    Just g -> (Driver (settle g : hs) Nothing, i + 1)
                    Nothing -> (Driver hs (Just (cannot i d)), i)
                  step done _ = done
                  cannot i d = "sharkdp cannot follow decision " ++ show (i :: Int) ++ " " ++ d
                  (drv, _) = foldl' step (Driver [initialGameState] Nothing, 1) ds
              if null rest || head rest == "moves"
                then do
                  writeIORef st drv
                  maybe (return ()) (putStrLn . ("error " ++)) (failed drv)
                else putStrLn "error only startpos [moves ...]"
              loop
            ("position" : _) -> putStrLn "error only startpos [moves ...]" >> loop
            ("go" : _) -> do
              Driver hs bad <- readIORef st
              t0 <- getMonotonicTimeNSec
              let d = maybe (think ai hs) (const "(none)") bad
              t1 <- length d `seq` getMonotonicTimeNSec
              putStrLn ("bestmove " ++ d)
              hPutStrLn stderr
                ("sharkdp-driver: " ++ d ++ " after " ++ show ((t1 - t0) `div` 1000000) ++ " ms")
              loop
            [] -> loop
            _ -> putStrLn ("error unknown command: " ++ unwords ws) >> loop
  loop

-- hs: the states before each decision so far, newest first (head: the position now).
think :: (GameState -> GameState) -> [GameState] -> String
think ai hs
  | terminalState gs = "(none)"
  | otherwise = case turnMode gs of
      AddMarker | null (gamestates gs) -> "pass"
      RemoveRing _ -> case drop 1 hs of
        -- The row was removed a decision ago: sharkdp chose it together with a ring then,
        -- and that choice is searched again here rather than kept (no state between `go`s:
        -- at 3 turns deep these searches took 42 ms on average, 1 s of 669 s in one 60-game match).
        -- A row removal that came from elsewhere gets sharkdp's first ring.
        (prev : _) | RemoveRun _ <- turnMode prev, chosen <- ai prev,
                     sort (markers p (board chosen)) == sort (markers p (board gs)) ->
          ringRemoval gs chosen
        _ -> "x" ++ pointText (head (rings p (board gs)))
      _ -> describe gs (ai gs)
  where
    gs = settle (head hs)
    p = activePlayer gs
