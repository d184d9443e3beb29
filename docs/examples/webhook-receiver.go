// A webhook receiver for the booking platform in Go (standard library only), as
// docs/webhook-receivers.md explains it.
//
//	WEBHOOK_SECRET=whsec_… PORT=3000 go run docs/examples/webhook-receiver.go
package main

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"math"
	"net/http"
	"os"
	"strconv"
	"sync"
	"time"
)

const toleranceSeconds = 5 * 60
const maxBodyBytes = 1 << 20

var secret = []byte(os.Getenv("WEBHOOK_SECRET"))

// handled holds the event ids already handled; use a unique key in your database.
var handled sync.Map

func verify(timestamp, signature string, rawBody []byte) bool {
	ts, err := strconv.ParseInt(timestamp, 10, 64)
	if err != nil || math.Abs(float64(time.Now().Unix()-ts)) > toleranceSeconds {
		return false
	}
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(timestamp + "."))
	mac.Write(rawBody)
	expected := "sha256=" + hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(expected), []byte(signature))
}

func receive(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	rawBody, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	if err != nil || !verify(r.Header.Get("X-Service-Timestamp"), r.Header.Get("X-Service-Signature"), rawBody) {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	// Only now is the body trusted enough to parse.
	var event struct {
		ID   string `json:"id"`
		Type string `json:"type"`
	}
	if err := json.Unmarshal(rawBody, &event); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if _, seen := handled.LoadOrStore(event.ID, true); !seen {
		fmt.Printf("{\"received\":%q,\"type\":%q}\n", event.ID, event.Type)
	}
	w.WriteHeader(http.StatusNoContent)
}

func main() {
	if len(secret) == 0 {
		log.Fatal("set WEBHOOK_SECRET to the subscription signing secret (whsec_…)")
	}
	port := os.Getenv("PORT")
	if port == "" {
		port = "3000"
	}
	http.HandleFunc("/", receive)
	log.Fatal(http.ListenAndServe("127.0.0.1:"+port, nil))
}
